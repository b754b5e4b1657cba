#!/usr/bin/env node
// Completes package-lock.json with the optional, platform-specific packages of other platforms
// (@swc/core-*, @nx/nx-*, @msgpackr-extract/*, @unrs/resolver-binding-*, …) that `npm install`
// leaves out when the registry it talks to does not carry them all. Without those entries
// `npm ci` refuses the lock file. Each added entry names the version the parent asks for, is
// marked optional, and carries the os/cpu/libc of the package, so `npm ci` skips it on any other
// platform without fetching it. Run it after changing dependencies:
//   npm install && node scripts/complete-lockfile.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

/** where npm would find `name` from the package at `from` (its own node_modules, then upwards) */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i === -1 ? '' : dir.slice(0, i);
  }
}

const npmView = (spec, fields) => {
  try {
    const out = execFileSync('npm', ['view', spec, ...fields, '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.trim() ? JSON.parse(out) : undefined;
  } catch {
    return undefined;
  }
};

/** os/cpu/libc of the package: from the asked version, else from the newest one the registry has */
function platformOf(name, version) {
  const exact = npmView(`${name}@${version}`, ['os', 'cpu', 'libc']);
  const meta = exact ?? npmView(name, ['os', 'cpu', 'libc']);
  if (!meta || (!meta.os && !meta.cpu)) throw new Error(`cannot tell the platform of ${name}@${version} from the registry`);
  return { ...(meta.os ? { os: meta.os } : {}), ...(meta.cpu ? { cpu: meta.cpu } : {}), ...(meta.libc ? { libc: meta.libc } : {}) };
}

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) throw new Error(`${path} asks for ${name}@${range}: only exact versions are completed`);
    const key = `node_modules/${name}`;
    packages[key] = { version: range, ...(entry.dev ? { dev: true } : {}), optional: true, ...platformOf(name, range) };
    added.push(`${name}@${range}`);
  }
}

// npm keeps the entries sorted by path
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length} optional platform entries:\n  ${added.join('\n  ')}` : 'package-lock.json is complete');
