// Writes deploy/k8s/<variant>/*.yaml from the cdk8s source in deploy/k8s/src (Node 24 runs the
// TypeScript type-stripped, as scripts/start-distributed.mjs does). `npm run k8s:synth`.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { synthesize, toYaml } from './src/manifests.ts';

const here = dirname(fileURLToPath(import.meta.url));
for (const [variant, files] of synthesize()) {
  const dir = join(here, variant);
  await mkdir(dir, { recursive: true });
  // a workload that left the source leaves its file too
  for (const old of await readdir(dir)) if (/\.ya?ml(\.template)?$/.test(old)) await rm(join(dir, old));
  for (const file of files) await writeFile(join(dir, file.file), toYaml(file));
  console.log(`deploy/k8s/${variant}/: ${files.map((f) => f.file).join(' ')}`);
}
