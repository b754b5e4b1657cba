import { buildServiceModule, InProcessBroker, InProcessRpcClient, openInfrastructure } from '@aero/common';
import { loadSettings } from '@aero/config';
import { createTestDatabase } from '@aero/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notificationsService } from '../../src/notifications.service-definition.js';

/** the notifications service alone in this process (single-node), on a database of its own: its handlers and repositories called directly */
async function startNotificationsService(name: string): Promise<{ app: INestApplicationContext; close(): Promise<void> }> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), `aero-${name}-`));
  const settings = loadSettings({ DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const infra = await openInfrastructure(settings, { name: `notifications-${name}-test`, services: ['notifications'] });
  const app = await NestFactory.createApplicationContext(await buildServiceModule(notificationsService, infra.runtimeFor('notifications', new InProcessRpcClient(new InProcessBroker()))), {
    logger: false,
    abortOnError: false,
  });
  return {
    app,
    async close() {
      await app.close();
      await infra.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** the service (startNotificationsService) for the tests of the file: started before them, closed after; answers its context's getter */
export function notificationsServiceForTests(name: string): () => INestApplicationContext {
  let service: Awaited<ReturnType<typeof startNotificationsService>> | undefined;
  beforeAll(async () => {
    service = await startNotificationsService(name);
  });
  afterAll(() => service?.close());
  return () => service!.app;
}
