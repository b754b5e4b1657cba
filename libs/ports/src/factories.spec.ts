import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSettings } from '@aero/config';
import { createJobQueue, createKeyValueStore, createMailer, createObjectStorage } from './factories.js';
import { BullMqJobQueue } from './job-queue/bullmq.job-queue.js';
import { InProcessJobQueue } from './job-queue/in-process.job-queue.js';
import { MemoryKeyValueStore } from './key-value-store/memory.key-value-store.js';
import { RedisKeyValueStore } from './key-value-store/redis.key-value-store.js';
import { DevMailbox } from './mailer/dev-mailbox.mailer.js';
import { SmtpMailer } from './mailer/smtp.mailer.js';
import { LocalObjectStorage } from './object-storage/local.object-storage.js';
import { S3ObjectStorage } from './object-storage/s3.object-storage.js';

const S3_ENV = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', S3_BUCKET: 'aero' };

/** The four ports built from one environment; closes what it opened. */
async function build(env: Record<string, string>) {
  const settings = loadSettings(env);
  const ports = {
    storage: createObjectStorage(settings, 'hmac-secret'),
    mailer: createMailer(settings),
    jobs: createJobQueue(settings),
    kv: createKeyValueStore(settings),
  };
  // None of them has connected anywhere yet: closing straight away is all it takes.
  await ports.jobs.close();
  await ports.kv.close();
  if (ports.mailer instanceof SmtpMailer) ports.mailer.close();
  return ports;
}

describe('port factories', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'aero-factories-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('choose the single-node adapters when nothing is configured', async () => {
    const ports = await build({ DATA_DIR: dataDir });

    expect(ports.storage).toBeInstanceOf(LocalObjectStorage);
    expect(ports.mailer).toBeInstanceOf(DevMailbox);
    expect(ports.jobs).toBeInstanceOf(InProcessJobQueue);
    expect(ports.kv).toBeInstanceOf(MemoryKeyValueStore);
  });

  it('choose Redis adapters for jobs and key-value from REDIS_URL, and nothing else', async () => {
    const ports = await build({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379' });

    expect(ports.jobs).toBeInstanceOf(BullMqJobQueue);
    expect(ports.kv).toBeInstanceOf(RedisKeyValueStore);
    expect(ports.storage).toBeInstanceOf(LocalObjectStorage);
    expect(ports.mailer).toBeInstanceOf(DevMailbox);
  });

  it('choose S3 from the S3 settings and SMTP from SMTP_URL, each on its own', async () => {
    const s3Only = await build({ DATA_DIR: dataDir, ...S3_ENV });
    const smtpOnly = await build({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' });

    expect(s3Only.storage).toBeInstanceOf(S3ObjectStorage);
    expect(s3Only.mailer).toBeInstanceOf(DevMailbox);
    expect(s3Only.jobs).toBeInstanceOf(InProcessJobQueue);
    expect(smtpOnly.mailer).toBeInstanceOf(SmtpMailer);
    expect(smtpOnly.storage).toBeInstanceOf(LocalObjectStorage);
    expect(smtpOnly.kv).toBeInstanceOf(MemoryKeyValueStore);
  });

  it('keep single-node objects and mails under DATA_DIR, and sign URLs under PUBLIC_URL', async () => {
    const ports = await build({ DATA_DIR: dataDir, PUBLIC_URL: 'https://aero.example' });
    const logged: unknown[] = [];
    const info = console.info;
    console.info = (line: unknown) => void logged.push(line); // the dev mailbox logs each mail there

    await ports.storage.put('photos/u1/p.jpg', Buffer.from('jpeg'), 'image/jpeg');
    try {
      await ports.mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });
    } finally {
      console.info = info;
    }
    const url = await ports.storage.signedUrl('photos/u1/p.jpg', { method: 'GET', expiresInSeconds: 60 });

    expect(await readdir(join(dataDir, 'objects', 'photos', 'u1'))).toContain('p.jpg');
    expect(await readdir(join(dataDir, 'mailbox'))).toHaveLength(1);
    expect(logged).toHaveLength(1);
    expect(url.startsWith('https://aero.example/objects/photos/u1/p.jpg?')).toBe(true);
  });
});
