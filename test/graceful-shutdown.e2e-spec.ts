import { createTestDatabase, startApp, testEmail, type TestDatabase, verificationCode } from '@aero/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIGN_UPS = 6;

/**
 * SIGTERM (a rolling update, a scale-down): the process stops taking requests, finishes the ones
 * in flight with their effects (the account, its outbox event, its mail job), closes its
 * consumers and sockets, and exits 0 well within Kubernetes' 30 s grace period.
 */
describe('graceful shutdown (SIGTERM, built product)', () => {
  let db: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'aero-sigterm-'));

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, then refuses new ones and exits 0; nothing they did is lost', async () => {
    const env = { DATABASE_URL: db.url, NATS_URL: '', REDIS_URL: '', DEMO_SEED: 'false' };
    const app = await startApp({ env, dataDir });
    const emails = Array.from({ length: SIGN_UPS }, () => testEmail('sigterm'));
    // each sign-up hashes a password (argon2id, ~100 ms of CPU): all are in flight when SIGTERM lands
    const answers = emails.map((email) =>
      fetch(`${app.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: JSON.stringify({ email, password: 'secret-pass' }) }).then(
        (r) => r.status,
        (e: Error) => `${e.message}: ${String((e.cause as Error | undefined)?.message)}`,
      ),
    );
    await new Promise((r) => setTimeout(r, 150));
    const exit = await app.stop();

    expect(await Promise.all(answers)).toEqual(emails.map(() => 201));
    expect(exit).toMatchObject({ exitCode: 0, signal: null });
    expect(exit!.afterMs).toBeLessThan(20_000);
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();

    // the same data again: every account is there, and its verification mail was sent
    const again = await startApp({ env, dataDir });
    try {
      for (const email of emails) expect(await verificationCode(again.url, email)).toMatch(/^\d{6}$/);
    } finally {
      await again.stop();
    }
  });
});
