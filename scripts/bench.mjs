// `npm run bench`: builds, then runs every benchmark in bench/ (printed numbers, not tests).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
for (const file of readdirSync('bench').filter((f) => f.endsWith('.bench.mjs'))) {
  console.log(`\n=== ${file}`);
  execFileSync(process.execPath, [`bench/${file}`], { stdio: 'inherit' });
}
