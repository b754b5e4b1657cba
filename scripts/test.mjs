// `npm test`: lint, type checks, build, then unit, integration (real PostgreSQL, NATS, Redis) and
// end-to-end tests (separate processes, socket.io, Chromium). Stops at the first failure and ends
// with one line counting every test of every Jest project.
//   node scripts/test.mjs [step…]    e.g. `node scripts/test.mjs unit integration`
// Server URLs not set in the environment are the standard local servers when they answer
// (libs/config/src/local-services.ts), else testcontainers; Chromium is Debian's unless
// CHROMIUM_PATH says otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useLocalServices } from '../libs/config/src/local-services.ts';

/** after Jest has written its results, this long to exit; longer means a test leaked a handle */
const EXIT_GRACE_MS = 30_000;
const results = mkdtempSync(join(tmpdir(), 'aero-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

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

const jest = (project, extra = []) => async () => {
  const out = join(results, `${project}.json`);
  const code = await runJest(['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', project, '--json', '--outputFile', out, ...extra], out);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  return code;
};

/** Jest as a child; once its results file exists it must exit within EXIT_GRACE_MS */
function runJest(args, resultsFile) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env });
    const watch = setInterval(() => {
      if (!existsSync(resultsFile)) return;
      clearInterval(watch);
      setTimeout(() => {
        if (child.exitCode !== null) return;
        console.error(`\n✗ Jest finished its tests but did not exit within ${EXIT_GRACE_MS / 1000} s: a test left a handle open (find it with --detectOpenHandles)`);
        child.kill('SIGKILL');
      }, EXIT_GRACE_MS).unref();
    }, 500);
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

const command = (cmd, args) => async () => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;

const chromium = async () => {
  if (existsSync(env.CHROMIUM_PATH)) return 0;
  console.error(`✗ Chromium not found at ${env.CHROMIUM_PATH}: install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
  return 1;
};

const steps = [
  ['lint', command('npm', ['run', '--silent', 'lint'])],
  ['typecheck', command('npm', ['run', '--silent', 'typecheck'])],
  ['build', command(process.execPath, ['scripts/build.mjs'])],
  ['unit tests', jest('unit')],
  ['integration tests', jest('integration', ['--runInBand', '--testTimeout', '180000'])],
  ['end-to-end tests', async () => (await chromium()) || jest('e2e', ['--runInBand', '--testTimeout', '180000'])()],
];

const only = process.argv.slice(2);
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
rmSync(results, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''} (all Jest projects, Node ${process.version})`);
process.exit(status);
