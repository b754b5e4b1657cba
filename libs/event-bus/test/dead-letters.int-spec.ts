import { EmbeddedDatabase } from '@aero/persistence';
import { createTestDatabase, natsUrl, repoRoot, type TestDatabase, uniqueName } from '@aero/testing';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeadLetter } from '../src/dead-letters.js';
import { eventually, testEvent } from '../src/event-bus.contract.js';
import type { EventBus, EventEnvelope, Subscription } from '../src/event-envelope.js';
import { JetStreamEventBus } from '../src/jetstream-event-bus.js';
import type { EventBusLogger } from '../src/logger.js';
import { PostgresEventBus } from '../src/postgres-event-bus.js';

/**
 * `scripts/dead-letters.mjs list|replay` against the event store of each runtime mode, run as an
 * operator would (a separate process reading the deployment's settings from the environment):
 * the JetStream stream (NATS_URL), and the single-node event log in PostgreSQL (DATABASE_URL, or
 * the embedded PostgreSQL of DATA_DIR, running or stopped).
 */
const quiet: EventBusLogger = { log() {}, warn() {}, error() {} };
const SUBJECT = 'discovery.match.created';
const TIMEOUT_MS = 60_000;

function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(repoRoot, 'scripts/dead-letters.mjs'), ...args], { env: { ...process.env, NATS_URL: '', DATABASE_URL: '', ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * two consumers of one subject: `notifications.on-match-created` fails while `broken` is set, `messaging.on-match-created` never.
 * `broken` is set before the first subscription starts: a consumer finding an event waiting in the log handles it at once.
 */
async function consumers(bus: EventBus, broken = true) {
  const state = { broken, flaky: [] as EventEnvelope[], steady: [] as string[] };
  const subscriptions: Subscription[] = [
    await bus.subscribe({
      consumer: 'notifications.on-match-created',
      subjects: [SUBJECT],
      maxDeliver: 2,
      handle: async (e) => {
        if (state.broken) throw new Error('relation "notifications" does not exist');
        state.flaky.push(e);
      },
    }),
    await bus.subscribe({ consumer: 'messaging.on-match-created', subjects: [SUBJECT], handle: async (e) => void state.steady.push(e.id) }),
  ];
  return { state, stop: () => Promise.all(subscriptions.map((s) => s.stop())) };
}

async function listed(env: Record<string, string>): Promise<DeadLetter[]> {
  const { code, stdout, stderr } = await cli(env, 'list', '--json');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(stdout);
}

/** the whole story against one store: dead-letter, list, replay to the one consumer, nothing left */
async function deadLetterListAndReplay(bus: EventBus, env: Record<string, string>) {
  const { state, stop } = await consumers(bus);
  try {
    const event = testEvent(SUBJECT, { matchId: 'm-1' });
    await bus.publish([event]);
    let deadLetters: DeadLetter[] = [];
    await eventually(async () => {
      deadLetters = await listed(env);
      expect(deadLetters).toHaveLength(1);
    }, 20_000);
    const [deadLetter] = deadLetters;
    expect(deadLetter).toMatchObject({ consumer: 'notifications.on-match-created', deliveries: 2, error: 'relation "notifications" does not exist', event, replays: [] });

    const human = await cli(env, 'list');
    expect(human.stdout).toContain('1 dead letter in the ');
    expect(human.stdout).toContain(`${deadLetter!.id}  ${deadLetter!.deadLetteredAt}  notifications.on-match-created`);
    expect(human.stdout).toContain(`event ${SUBJECT} ${event.id}`);
    expect(human.stdout).toContain('not replayed');

    state.broken = false;
    const replay = await cli(env, 'replay', deadLetter!.id);
    expect(replay).toMatchObject({ code: 0, stdout: `replayed ${deadLetter!.id}: ${SUBJECT} ${event.id} to notifications.on-match-created\n` });
    // the consumer gets the original event, id included, so its inbox key is the one it failed on
    await eventually(() => expect(state.flaky).toEqual([event]), 20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(state.steady).toEqual([event.id]);

    expect((await listed(env))[0]!.replays).toHaveLength(1);
    expect((await cli(env, 'replay', 'all')).stdout).toBe('no dead letter left that was never replayed\n');
    expect(await cli(env, 'replay', 'deadbeef')).toMatchObject({ code: 1, stderr: '✗ no dead letter deadbeef (see `list`)\n' });
  } finally {
    await stop();
  }
}

describe('scripts/dead-letters.mjs', () => {
  beforeAll(() => {
    const missing = ['config', 'event-bus', 'persistence'].filter((lib) => !existsSync(join(repoRoot, 'libs', lib, 'dist/index.js')));
    if (missing.length) throw new Error(`the script runs the build: run \`npm run build\` first (missing ${missing.join(', ')})`);
  });

  it('refuses unknown commands with its usage', async () => {
    for (const args of [[], ['purge'], ['replay'], ['list', 'extra']]) {
      expect(await cli({}, ...args)).toMatchObject({ code: 2, stderr: 'usage: node scripts/dead-letters.mjs list [--json] | replay <id>|all\n' });
    }
  });

  it(
    'distributed mode: lists the JetStream stream’s dead letters and replays one to its consumer only',
    async () => {
      const servers = await natsUrl();
      const env = { NATS_URL: servers, EVENTS_STREAM: uniqueName('DLQ'), EVENTS_PREFIX: uniqueName('dlq') };
      const bus = await JetStreamEventBus.connect({ servers, stream: env.EVENTS_STREAM, prefix: env.EVENTS_PREFIX, logger: quiet, retryDelayMs: () => 50 });
      try {
        await deadLetterListAndReplay(bus, env);
        // the tool leaves the stream as it is, and says so when there is none
        expect(await cli({ ...env, EVENTS_STREAM: uniqueName('NONE') }, 'list')).toMatchObject({ code: 1, stderr: expect.stringContaining('✗ cannot open the JetStream stream NONE_') });
      } finally {
        await bus.deleteStream();
        await bus.close();
      }
    },
    TIMEOUT_MS,
  );

  it(
    'single-node mode (DATABASE_URL): lists the event log’s dead letters and replays one to its consumer only',
    async () => {
      const db: TestDatabase = await createTestDatabase();
      const bus = await PostgresEventBus.connect({ url: db.url, logger: quiet, pollIntervalMs: 50 });
      try {
        await deadLetterListAndReplay(bus, { DATABASE_URL: db.url });
      } finally {
        await bus.close();
        await db.drop();
      }
    },
    TIMEOUT_MS,
  );

  it(
    'single-node mode (embedded PostgreSQL): uses the running app’s database, and starts it for a replay while the app is stopped',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'aero-dlq-'));
      const env = { DATA_DIR: dataDir };
      let db = await EmbeddedDatabase.start(dataDir);
      let bus = await PostgresEventBus.connect({ url: db.url, logger: quiet, pollIntervalMs: 50 });
      try {
        await deadLetterListAndReplay(bus, env);

        // a second dead letter, then the app stops
        const { state, stop } = await consumers(bus);
        const event = testEvent(SUBJECT, { matchId: 'm-2' });
        await bus.publish([event]);
        await eventually(async () => expect((await listed(env)).filter((d) => d.replays.length === 0)).toHaveLength(1), 20_000);
        await stop();
        await bus.close();
        await db.stop();
        expect(state.flaky).toEqual([]);
        expect(EmbeddedDatabase.runningUrl(dataDir)).toBeUndefined();

        const replay = await cli(env, 'replay', 'all');
        expect(replay).toMatchObject({ code: 0, stdout: expect.stringContaining(`: ${SUBJECT} ${event.id} to notifications.on-match-created`) });

        // the app starts again and its consumer finds the replay waiting in the log
        db = await EmbeddedDatabase.start(dataDir);
        bus = await PostgresEventBus.connect({ url: db.url, logger: quiet, pollIntervalMs: 50 });
        // mended before it subscribes: set afterwards, the two quick failures could dead-letter the replay again
        const again = await consumers(bus, false);
        await eventually(() => expect(again.state.flaky.map((e) => e.id)).toEqual([event.id]), 20_000);
        await again.stop();
      } finally {
        await bus.close().catch(() => undefined);
        await db.stop().catch(() => undefined);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TIMEOUT_MS * 2,
  );
});
