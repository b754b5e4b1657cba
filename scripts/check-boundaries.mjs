#!/usr/bin/env node
// Lint step: the module boundaries of .dependency-cruiser.cjs hold on the code base, and every
// rule still bites: each one must be broken by the fixtures in scripts/boundaries/fixtures/.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = join(root, '.dependency-cruiser.cjs');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const run = (args, cwd, stdio) => spawnSync(process.execPath, [depcruise, ...args, '--config', config], { cwd, stdio, encoding: 'utf8' });

const code = run(['libs', 'services', 'gateway', 'web/src', 'test', 'bench'], root, 'inherit');
if (code.status !== 0) process.exit(code.status ?? 1);

const fixtures = join(root, 'scripts/boundaries/fixtures');
const probe = run(['.', '--output-type', 'json'], fixtures, 'pipe');
const broken = new Set(JSON.parse(probe.stdout).summary.violations.map((v) => v.rule.name));
const rules = createRequire(import.meta.url)(config).forbidden.map((r) => r.name);
const silent = rules.filter((name) => !broken.has(name));
if (silent.length) {
  console.error(`✗ boundary rules that no longer catch their fixture: ${silent.join(', ')}`);
  process.exit(1);
}
console.log(`✔ every boundary rule bites on its fixture (${rules.length} rules)`);
