#!/usr/bin/env node
// One Jest run of one project of jest.config.js (unit | integration | e2e), optionally limited to one
// workspace, with its results in test-results/jest/ for the combined count of scripts/test.mjs.
//   node scripts/jest.mjs unit libs/common        what Nx's `test` target runs, once per package
//   node scripts/jest.mjs unit .                  the root's: unit tests outside the packages (deploy/)
//   node scripts/jest.mjs integration --runInBand [jest args…]
// A test that leaves a handle open fails the run with a clear message instead of hanging it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** after Jest has written its results, this long to exit; longer means a test leaked a handle */
const EXIT_GRACE_MS = 30_000;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const resultsDir = join(root, 'test-results', 'jest');
/** where the results of a run are written: test-results/jest/<project>.json or …/<project>/<workspace>.json */
export const resultsFile = (project, workspace) => join(resultsDir, workspace ? join(project, `${workspace === '.' ? 'workspace' : workspace}.json`) : `${project}.json`);

/** the top folders of the npm workspaces (libs/*, services/*, gateway, web → libs, services, gateway, web) */
const workspaceTops = () => [...new Set(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces.map((w) => w.split('/')[0]))];

/** Jest arguments that limit a run to one workspace, or for '.' to everything outside them */
const scopeTo = (workspace) =>
  workspace === '.'
    ? ['--testPathIgnorePatterns', ...workspaceTops().map((top) => `^${root}/${top}/`), '/node_modules/', '--passWithNoTests']
    : ['--roots', join(root, workspace), '--passWithNoTests'];

/**
 * Jest as a child; once its results file exists it must exit within EXIT_GRACE_MS. Resolves to the
 * exit code. `results` names the results file of a second run of the same project (default: the project's).
 */
export function runJest(project, { workspace, args = [], env = process.env, results } = {}) {
  const out = resultsFile(results ?? project, workspace);
  rmSync(out, { force: true });
  mkdirSync(dirname(out), { recursive: true });
  const scope = workspace ? scopeTo(workspace) : [];
  const jestArgs = ['--experimental-vm-modules', join(root, 'node_modules/jest/bin/jest.js'), '--selectProjects', project, ...scope, '--json', '--outputFile', out, ...args];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, jestArgs, { stdio: 'inherit', env, cwd: root });
    const watch = setInterval(() => {
      if (!existsSync(out)) return;
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [project, ...rest] = process.argv.slice(2);
  if (!['unit', 'integration', 'e2e'].includes(project)) {
    console.error('usage: node scripts/jest.mjs <unit|integration|e2e> [workspace dir] [jest args…]');
    process.exit(2);
  }
  const workspace = rest[0] && !rest[0].startsWith('-') && existsSync(join(root, rest[0], 'package.json')) ? rest.shift() : undefined;
  process.exit(await runJest(project, { workspace, args: rest, env: { ...process.env, NODE_OPTIONS: '' } }));
}
