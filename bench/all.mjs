// `npm run bench`: every benchmark script in bench/ (all but this one and _private files), one
// after the other, each in its own process. With BENCH_OUT set, their reports go to that file
// one after the other.
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';

const dir = new URL('.', import.meta.url).pathname;
const scripts = readdirSync(dir)
  .filter((name) => name.endsWith('.mjs') && name !== 'all.mjs' && !name.startsWith('_'))
  .sort();
const reports = [];
let failed = 0;
for (const name of scripts) {
  console.log(`\n=== bench/${name}\n`);
  const env = { ...process.env };
  delete env.BENCH_OUT;
  const r = spawnSync(process.execPath, [dir + name], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  process.stdout.write(r.stdout ?? '');
  reports.push(r.stdout ?? '');
  if (r.status !== 0) {
    failed++;
    console.error(`bench/${name} exited ${r.status}`);
  }
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, reports.join('\n'));
process.exitCode = failed ? 1 : 0;
