// `npm test`: lint, type checks, build, then unit, integration (real PostgreSQL, NATS, Redis)
// and end-to-end tests (separate processes, socket.io, Chromium). Stops at the first failure.
import { spawnSync } from 'node:child_process';

const jest = (project, extra = []) => [
  process.execPath,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', project, ...extra],
];
const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['build', process.execPath, ['scripts/build.mjs']],
  ['unit tests', ...jest('unit')],
  ['integration tests', ...jest('integration', ['--runInBand', '--testTimeout', '180000'])],
  ['end-to-end tests', ...jest('e2e', ['--runInBand', '--testTimeout', '180000'])],
];

const only = process.argv.slice(2);
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
