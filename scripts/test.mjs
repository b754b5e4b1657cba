// `npm test`: lint, type checks, build, then unit, integration (real PostgreSQL, NATS, Redis) and
// end-to-end tests (separate processes, socket.io, Chromium). Stops at the first failure and ends
// with one line counting every test of every Jest project. Lint, type checks, build and unit tests
// are Nx targets of every package (`nx run-many`, cached in .nx/); integration and end-to-end tests
// are Jest runs over the workspace, never cached (they talk to live servers): integration
// files two at a time (each has its own database, stream and key prefix; they mostly wait on the
// servers; the few in RUN_ALONE after them, alone), browser suites one at a time (each keeps the
// two cores busy, and load moves timings).
//   node scripts/test.mjs [step…] [-- jest args]   e.g. `node scripts/test.mjs unit integration`,
//   `node scripts/test.mjs integration -- gateway/test/places.int-spec.ts` (args after -- go to the
//   integration and end-to-end runs)
// Server URLs not set in the environment are the standard local servers when they answer
// (libs/config/src/local-services.ts), else testcontainers; Chromium is Debian's unless
// CHROMIUM_PATH says otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { useLocalServices } from '../libs/config/src/local-services.ts';
import { resultsDir, resultsFile, runJest } from './jest.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const dashes = process.argv.indexOf('--');
const only = process.argv.slice(2, dashes < 0 ? undefined : dashes);
const jestArgs = dashes < 0 ? [] : process.argv.slice(dashes + 1);

console.log(`Node ${process.version} (${process.execPath})`);

const env = { ...process.env, NODE_OPTIONS: '' };
const { set, missing } = await useLocalServices(env);
if (set.length) console.log(`local servers: ${set.join(' ')}`);
const docker = missing.length && spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (missing.length && !docker) {
  console.error(`✗ not running and no URL set: ${missing.map((s) => `${s.name} on 127.0.0.1:${s.port} (or ${s.env})`).join(', ')} — and no Docker for testcontainers`);
  process.exit(1);
}
env.CHROMIUM_PATH ||= '/usr/bin/chromium';
env.LOG_LEVEL ||= 'warn';

/** adds a Jest results file (or every one below a directory) to the totals */
function count(path) {
  if (!existsSync(path)) return;
  if (!path.endsWith('.json')) {
    for (const entry of readdirSync(path, { recursive: true })) if (String(entry).endsWith('.json')) count(join(path, String(entry)));
    return;
  }
  const r = JSON.parse(readFileSync(path, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

const nxBin = createRequire(import.meta.url).resolve('nx/bin/nx.js');

/** a target of every Nx project, through Nx's cache (`nx run-many`) */
const nx = (target) => async () => spawnSync(process.execPath, [nxBin, 'run-many', '-t', target, '--outputStyle=static'], { stdio: 'inherit', env }).status ?? 1;

/** unit tests: the `test` target of every package through Nx; a package whose tests are cached counts from its cached results */
const unit = async () => {
  const results = join(resultsDir, 'unit');
  rmSync(results, { recursive: true, force: true });
  const code = await nx('test')();
  count(results);
  return code;
};

/** integration and end-to-end tests: a Jest run over the workspace, never cached; `workers` test files at a time; `results` names its results file (a second run of a project) */
const jest = (project, workers, extra = [], results = project) => async () => {
  const code = await runJest(project, { args: [workers === 1 ? '--runInBand' : `--maxWorkers=${workers}`, ...extra, ...jestArgs], env, results });
  count(resultsFile(results));
  return code;
};

/**
 * Integration test files that run alone, after the others: their load (the scale test's 1,000
 * members and 1,000 likes at once) made the time-bound tests of the file beside them fail. When
 * files are named after `--`, one run takes exactly those.
 */
const RUN_ALONE = ['gateway/test/matching-at-scale.int-spec.ts'];

const integration = async () => {
  const args = ['--testTimeout', '180000'];
  if (jestArgs.length) return jest('integration', 2, args)();
  return (await jest('integration', 2, [...args, '--testPathIgnorePatterns', '/node_modules/', ...RUN_ALONE])()) || jest('integration', 1, [...args, ...RUN_ALONE], 'integration-alone')();
};

const chromium = async () => {
  if (existsSync(env.CHROMIUM_PATH)) return 0;
  console.error(`✗ Chromium not found at ${env.CHROMIUM_PATH}: install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
  return 1;
};

const steps = [
  ['lint', nx('lint')],
  ['typecheck', nx('typecheck')],
  ['build', nx('build')],
  ['unit tests', unit],
  ['integration tests', integration],
  ['end-to-end tests', async () => (await chromium()) || jest('e2e', 1, ['--testTimeout', '180000'])()],
];

let status = 0;
for (const [name, run] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  status = await run();
  if (status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${status})`);
    break;
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''} (all Jest projects, Node ${process.version})`);
process.exit(status);
