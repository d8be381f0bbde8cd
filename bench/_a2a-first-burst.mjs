// The first burst a fresh server meets (new connections on a busy loop, docs/performance.md),
// build against build: each build's server started afresh in a clone of its own, 30 handoffs one
// after another, then one burst of 1,000 from 50 senders; the burst's p99, order swapped each
// repeat. Not part of `npm run bench` (it needs the builds to compare):
//   node bench/_a2a-first-burst.mjs /tmp/before/dist dist     (FB_REPEATS, default 3)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ClientFactory } from '@a2a-js/sdk/client';
import { gitIn, handoffSender, median, sendHandoffTimed, startServer } from './_lib.mjs';

const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length < 1) {
  console.error('usage: node bench/_a2a-first-burst.mjs <dist> [<dist>…]');
  process.exit(2);
}
const REPEATS = Number(process.env.FB_REPEATS ?? 3);
const base = mkdtempSync(join(tmpdir(), 'baton-bench-first-'));
const { sender, next } = handoffSender(base, dists[0]);

const p99s = new Map(dists.map((d) => [d, []]));
try {
  for (let r = 0; r < REPEATS; r++) {
    for (const dist of r % 2 ? [...dists].reverse() : dists) {
      const receiver = join(base, `receiver-${r}-${dists.indexOf(dist)}`);
      gitIn(base, 'clone', '-q', sender, receiver);
      gitIn(receiver, 'remote', 'set-url', 'origin', 'https://github.com/acme/calc.git');
      const args = [join(dist, 'bin', 'baton.cjs'), 'serve', 'a2a', '--port', '0'];
      const { child, url } = await startServer(process.execPath, args, receiver);
      try {
        const client = await new ClientFactory().createFromUrl(url);
        for (let i = 0; i < 30; i++) await sendHandoffTimed(client, next());
        const times = [];
        let left = 1000;
        await Promise.all(
          Array.from({ length: 50 }, async () => {
            while (left-- > 0) times.push(await sendHandoffTimed(client, next()));
          }),
        );
        times.sort((a, b) => a - b);
        p99s.get(dist).push(times[Math.floor(times.length * 0.99)]);
      } finally {
        child.kill();
      }
    }
  }
  console.log(`| build | first burst p99, median of ${REPEATS} (all) |`);
  console.log('|---|---:|');
  for (const [dist, xs] of p99s)
    console.log(`| ${dist} | ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')}) |`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
