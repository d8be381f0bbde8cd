// The first burst a fresh server meets (new connections on a busy loop, docs/performance.md),
// build against build: each build's server started afresh in a clone of its own, 30 handoffs one
// after another, then one burst of 1,000 from 50 senders; the burst's p99, order swapped each
// repeat. Not part of `npm run bench` (it needs the builds to compare):
//   node bench/_a2a-first-burst.mjs /tmp/before/dist dist     (FB_REPEATS, default 3)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ClientFactory } from '@a2a-js/sdk/client';
import { median, sendHandoffTimed, startServer } from './_lib.mjs';

const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length < 1) {
  console.error('usage: node bench/_a2a-first-burst.mjs <dist> [<dist>…]');
  process.exit(2);
}
const REPEATS = Number(process.env.FB_REPEATS ?? 3);
const base = mkdtempSync(join(tmpdir(), 'baton-bench-first-'));
const git = (cwd, ...args) => {
  const r = spawnSync('git', ['-C', cwd, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
};
const sender = join(base, 'sender');
git(base, 'init', '-q', '-b', 'main', sender);
git(sender, 'config', 'user.email', 'b@b.invalid');
git(sender, 'config', 'user.name', 'bench');
git(sender, 'remote', 'add', 'origin', 'https://github.com/acme/calc.git');
spawnSync('sh', ['-c', 'echo "# calc" > README.md'], { cwd: sender });
git(sender, 'add', '.');
git(sender, 'commit', '-qm', 'init');
const draft = `---\nfrom: builder\ntask: TASK-01\nstatus: in-progress\n---\n# Handoff: TASK-01\n\n## Goal\n\nAdd sum.\n\n## Summary\n\nHalf done.\n\n## Remaining\n\n### Finish sum\n\n- Goal: sum of a list\n- Files in scope: sum.js\n- Verify by: \`test -f sum.js\`\n`;
const w = spawnSync(process.execPath, [join(dists[0], 'bin', 'baton.cjs'), 'write'], {
  cwd: sender,
  input: draft,
});
if (w.status !== 0) throw new Error(String(w.stderr));
const written = readFileSync(join(sender, '.baton/handoff.md'), 'utf8').replace(/^content_hash: .*\n/m, '');
let n = 0;
const next = () => written.replace(/^id: \S+$/m, `id: 01M9${String(++n).padStart(22, '0')}`);

const p99s = new Map(dists.map((d) => [d, []]));
try {
  for (let r = 0; r < REPEATS; r++) {
    for (const dist of r % 2 ? [...dists].reverse() : dists) {
      const receiver = join(base, `receiver-${r}-${dists.indexOf(dist)}`);
      git(base, 'clone', '-q', sender, receiver);
      git(receiver, 'remote', 'set-url', 'origin', 'https://github.com/acme/calc.git');
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
