#!/usr/bin/env node
// Lint step: the Nx wiring holds. Every npm workspace (libs/*, services/*, gateway, web) is an Nx
// project with cacheable build, lint, typecheck and test targets whose inputs include what the
// package depends on (so the cache never hides a failure); Nx runs without its daemon and never
// calls Nx Cloud; its cache stays out of git. The check must also bite: a copy of the graph that
// lost one target has to fail it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));

/** what each target must be: cached, and for build/typecheck/test fed by the dependencies' sources */
const TARGETS = {
  build: { dependsOn: '^build', inputs: '^production', outputs: '{projectRoot}/dist' },
  lint: {},
  typecheck: { dependsOn: '^typecheck', inputs: '^production' },
  test: { inputs: '^production' },
};

/** the workspace directories of package.json ("libs/*" → every folder of libs with a package.json) */
export function workspaceDirs() {
  return read('package.json').workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent)).map((name) => `${parent}/${name}`);
  }).filter((dir) => existsSync(join(root, dir, 'package.json')));
}

/** every problem of the Nx project graph (nodes as `nx graph --file=stdout` prints them) for these workspaces */
export function problems(nodes, workspaces) {
  const byRoot = new Map(Object.values(nodes).map((node) => [node.data.root, node]));
  const found = [];
  for (const dir of workspaces) {
    const node = byRoot.get(dir);
    if (!node) {
      found.push(`${dir} is not an Nx project`);
      continue;
    }
    for (const [name, want] of Object.entries(TARGETS)) {
      const target = node.data.targets?.[name];
      const where = `${node.name}:${name}`;
      if (!target) {
        found.push(`${where} is missing`);
        continue;
      }
      if (target.cache !== true) found.push(`${where} is not cached`);
      if (want.dependsOn && !target.dependsOn?.includes(want.dependsOn)) found.push(`${where} does not depend on ${want.dependsOn}`);
      if (want.inputs && !target.inputs?.includes(want.inputs)) found.push(`${where} does not take ${want.inputs} as input`);
      if (want.outputs && !target.outputs?.includes(want.outputs)) found.push(`${where} does not declare ${want.outputs} as output`);
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const nx = read('nx.json');
  const found = [];
  if (nx.useDaemonProcess !== false) found.push('nx.json: "useDaemonProcess" must be false (no Nx daemon)');
  if (nx.neverConnectToCloud !== true) found.push('nx.json: "neverConnectToCloud" must be true');
  if (!readFileSync(join(root, '.gitignore'), 'utf8').split('\n').includes('.nx/')) found.push('.gitignore must ignore .nx/ (the Nx cache)');

  const nxBin = createRequire(import.meta.url).resolve('nx/bin/nx.js');
  const graph = JSON.parse(execFileSync(process.execPath, [nxBin, 'graph', '--file=stdout'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })).graph;
  const workspaces = workspaceDirs();
  found.push(...problems(graph.nodes, workspaces));

  // the check bites: the same graph without one package's test target fails it
  const probe = structuredClone(graph.nodes);
  const victim = Object.values(probe).find((node) => node.data.root === workspaces[0]);
  if (victim) delete victim.data.targets.test;
  if (!victim || !problems(probe, workspaces).some((p) => p.endsWith(':test is missing'))) found.push('check-nx.mjs no longer notices a package without a test target');

  if (found.length) {
    console.error(`✗ Nx wiring:\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`✔ Nx: ${workspaces.length} packages, each with cached ${Object.keys(TARGETS).join(', ')} targets`);
}
