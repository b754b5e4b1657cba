// Builds workspaces: a back-end one (libs, services, gateway) with SWC into its dist/, the web app
// with Vite. Type checking is `npm run typecheck` (tsc --noEmit).
//   node scripts/build.mjs <workspace dir>…   what Nx's build target runs, once per package
//                                             (`npm run build`: every package, cached by Nx)
//   node scripts/build.mjs                    everything without Nx (the Dockerfile, bench): the web
//                                             app only when a source is newer than web/dist
import { transformFile } from '@swc/core';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const swcrc = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8'));
const isTest = (f) => /\.(spec|int-spec|e2e-spec|contract)\.ts$/.test(f);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

function newestMtime(dir) {
  let newest = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const name of readdirSyncSafe(d)) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) stack.push(p);
      else newest = Math.max(newest, s.mtimeMs);
    }
  }
  return newest;
}
import { readdirSync } from 'node:fs';
const readdirSyncSafe = (d) => (existsSync(d) ? readdirSync(d) : []);

async function buildPackage(pkgDir) {
  const src = join(pkgDir, 'src');
  const out = join(pkgDir, 'dist');
  await rm(out, { recursive: true, force: true });
  for await (const file of walk(src)) {
    const rel = relative(src, file);
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
      if (isTest(file)) continue;
      const { code, map } = await transformFile(file, { ...swcrc, swcrc: false, sourceFileName: file });
      const target = join(out, rel.replace(/\.ts$/, '.js'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
      if (map) await writeFile(`${target}.map`, map);
    } else if (!file.endsWith('.ts')) {
      const target = join(out, rel);
      await mkdir(dirname(target), { recursive: true });
      await cp(file, target);
    }
  }
}

const web = join(root, 'web');
const viteBuild = (dir) => {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
  console.log(`built ${relative(root, dir)}`);
};

const only = process.argv.slice(2).map((dir) => join(root, dir));
if (only.length) {
  for (const dir of only) {
    if (!existsSync(join(dir, 'package.json'))) throw new Error(`not a workspace: ${relative(root, dir) || '.'}`);
    if (existsSync(join(dir, 'vite.config.ts'))) viteBuild(dir);
    else if (existsSync(join(dir, 'src'))) {
      await buildPackage(dir);
      console.log(`built ${relative(root, dir)}`);
    }
  }
  process.exit(0);
}

const groups = ['libs', 'services'];
const packages = groups.flatMap((g) => readdirSync(join(root, g)).map((n) => join(root, g, n))).concat(join(root, 'gateway'));
await Promise.all(packages.filter((p) => existsSync(join(p, 'src'))).map(buildPackage));
console.log(`built ${packages.length} back-end packages`);

const webDist = join(web, 'dist', 'index.html');
// everything the web build reads: its sources, build plugins, public files, config and the shared contracts
const webInputs = ['src', 'build', 'public', 'index.html', 'vite.config.ts'].map((p) => join(web, p)).concat(join(root, 'libs/contracts/src'));
const newestWebInput = Math.max(...webInputs.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
const webStale = !existsSync(webDist) || newestWebInput > statSync(webDist).mtimeMs || process.env.FORCE_WEB_BUILD;
if (webStale && existsSync(join(web, 'index.html'))) viteBuild(web);
