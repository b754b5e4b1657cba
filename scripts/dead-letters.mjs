#!/usr/bin/env node
// Dead letters: events a consumer gave up on after its last failed delivery (subject
// `dlq.<consumer>`, libs/event-bus/src/delivery-policy.ts), listed and replayed to that consumer.
//   node scripts/dead-letters.mjs list [--json]
//   node scripts/dead-letters.mjs replay <id>|all     (id: the dead letter's, or 8+ characters of it)
// It reads the deployment's settings like the app does: with NATS_URL the JetStream stream
// EVENTS_STREAM (subject prefix EVENTS_PREFIX), left as it is; otherwise the single-node event log
// in PostgreSQL (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR: the running app's, or
// started for the call when the app is stopped). Uses the build: run `npm run build` first.
// A replay is the original event (same id) on `replay.<consumer>`, which only that consumer reads:
// the consumer handles it again (its inbox still drops it if it had committed it), no other does.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node scripts/dead-letters.mjs list [--json] | replay <id>|all';

const [command, target, ...extra] = process.argv.slice(2);
const json = command === 'list' && target === '--json';
if (!((command === 'list' && (!target || json) && !extra.length) || (command === 'replay' && target && !extra.length))) {
  console.error(USAGE);
  process.exit(2);
}
const unbuilt = ['config', 'event-bus', 'persistence'].filter((lib) => !existsSync(join(root, 'libs', lib, 'dist/index.js')));
if (unbuilt.length) {
  console.error(`✗ not built (${unbuilt.map((l) => `libs/${l}`).join(', ')}): run \`npm run build\` first`);
  process.exit(1);
}

const { loadSettings } = await import('@aero/config');
const { JetStreamEventBus, PostgresEventBus, listDeadLetters, replayDeadLetters } = await import('@aero/event-bus');
const { EmbeddedDatabase } = await import('@aero/persistence');

const settings = loadSettings();
const quiet = { log() {}, warn() {}, error: (m) => console.error(m) };
let bus;
let where;
let embedded;
try {
  if (settings.natsUrl) {
    where = `JetStream stream ${settings.eventsStream} at ${settings.natsUrl}`;
    bus = await JetStreamEventBus.connect({ servers: settings.natsUrl, stream: settings.eventsStream, prefix: settings.eventsPrefix, name: 'dead-letters', existingStream: true, logger: quiet });
  } else {
    let url = settings.databaseUrl('identity') ?? EmbeddedDatabase.runningUrl(settings.dataDir);
    if (!url) {
      embedded = await EmbeddedDatabase.start(settings.dataDir);
      url = embedded.url;
    }
    where = `single-node event log (${url.replace(/\/\/[^@/]*@/, '//')})`;
    bus = await PostgresEventBus.connect({ url, retainMs: settings.eventsMaxAgeSeconds * 1000, logger: quiet });
  }
} catch (error) {
  console.error(`✗ cannot open the ${where ?? 'event store'}: ${error instanceof Error ? error.message : error}`);
  await embedded?.stop();
  process.exit(1);
}

const short = (id) => id.slice(0, 8);
let status = 0;
try {
  if (command === 'list') {
    const deadLetters = await listDeadLetters(bus);
    if (json) console.log(JSON.stringify(deadLetters, null, 2));
    else {
      console.log(`${deadLetters.length} dead letter${deadLetters.length === 1 ? '' : 's'} in the ${where}`);
      for (const d of deadLetters) {
        const replayed = d.replays.length ? `replayed ${d.replays.length}× (last ${d.replays.at(-1).at})` : 'not replayed';
        console.log(`\n${d.id}  ${d.deadLetteredAt}  ${d.consumer}`);
        console.log(`  event ${d.event.subject} ${d.event.id}${d.replayOf ? ` (failed again on replay ${short(d.replayOf)})` : ''}`);
        console.log(`  after ${d.deliveries} deliveries: ${d.error}`);
        console.log(`  ${replayed}`);
      }
    }
  } else {
    const replayed = await replayDeadLetters(bus, target);
    if (!replayed.length) console.log('no dead letter left that was never replayed');
    for (const d of replayed) console.log(`replayed ${d.id}: ${d.event.subject} ${d.event.id} to ${d.consumer}`);
  }
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  status = 1;
} finally {
  await bus.close();
  await embedded?.stop();
}
process.exit(status);
