// A2A handoff accept round trip on loopback: the built `baton serve a2a` in a clone, the SDK's
// own client in this process. p50/p99 with 1 sender and with 50 at once, tasks per second, and
// the server's resident memory after 10,000 accepted handoffs (each a distinct handoff, each
// verified against the checkout, archived and its task stored in SQLite).
// `node bench/a2a.mjs` after `npm run build`; BENCH_A2A_TOTAL changes the 10,000.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ClientFactory } from '@a2a-js/sdk/client';
import { BIN, ms, report, sendHandoffTimed, startServer } from './_lib.mjs';

const TOTAL = Number(process.env.BENCH_A2A_TOTAL ?? 10_000);
const SINGLE = 200;
const { say, lines } = report();
const git = (cwd, ...args) => {
  const r = spawnSync('git', ['-C', cwd, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};

const base = mkdtempSync(join(tmpdir(), 'baton-bench-a2a-'));
const sender = join(base, 'sender');
const receiver = join(base, 'receiver');
spawnSync('git', ['init', '-q', '-b', 'main', sender]);
git(sender, 'remote', 'add', 'origin', 'https://github.com/acme/calc.git');
spawnSync(
  'sh',
  ['-c', 'echo "# calc" > README.md && git add . && git -c user.email=b@b -c user.name=b commit -qm init'],
  { cwd: sender },
);
git(base, 'clone', '-q', sender, receiver);
git(receiver, 'remote', 'set-url', 'origin', 'https://github.com/acme/calc.git');
const draft = `---\nfrom: builder\ntask: TASK-01\nstatus: in-progress\n---\n# Handoff: TASK-01\n\n## Goal\n\nAdd sum.\n\n## Summary\n\nHalf done.\n\n## Remaining\n\n### Finish sum\n\n- Goal: sum of a list\n- Files in scope: src/sum.js\n- Verify by: \`test -f src/sum.js\`\n`;
const w = spawnSync(process.execPath, [BIN, 'write'], { cwd: sender, input: draft, encoding: 'utf8' });
if (w.status !== 0) throw new Error(w.stderr);
const written = readFileSync(join(sender, '.baton/handoff.md'), 'utf8').replace(/^content_hash: .*\n/m, '');
let n = 0;
// A distinct handoff each time: its own id (no content hash, so the bytes may differ).
const next = () => written.replace(/^id: \S+$/m, `id: 01M9${String(++n).padStart(22, '0')}`);

const { child: server, url } = await startServer(
  process.execPath,
  [BIN, 'serve', 'a2a', '--port', '0'],
  receiver,
);
const client = await new ClientFactory().createFromUrl(url);
const send = () => sendHandoffTimed(client, next());
const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

for (let i = 0; i < 20; i++) await send(); // warm-up
const rssStart = rss();
const one = [];
for (let i = 0; i < SINGLE; i++) one.push(await send());
async function concurrent(count, senders) {
  const times = [];
  let left = count;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (left-- > 0) times.push(await send());
    }),
  );
  return { times, seconds: (performance.now() - t0) / 1000 };
}
const fifty = await concurrent(1000, 50);
const rest = await concurrent(Math.max(0, TOTAL - n), 50);
const accepted = n;
const rssEnd = rss();

say(
  `## A2A accept round trip (loopback, built server, SDK client), ${new Date().toISOString().slice(0, 10)}`,
);
say('');
say('| senders | handoffs | p50 | p99 | tasks/s |');
say('|---:|---:|---:|---:|---:|');
say(
  `| 1 | ${SINGLE} | ${ms(pct(one, 50))} | ${ms(pct(one, 99))} | ${(SINGLE / (one.reduce((a, b) => a + b, 0) / 1000)).toFixed(0)} |`,
);
say(
  `| 50 | 1000 | ${ms(pct(fifty.times, 50))} | ${ms(pct(fifty.times, 99))} | ${(1000 / fifty.seconds).toFixed(0)} |`,
);
say('');
say(
  `Server resident memory: ${rssStart.toFixed(0)} MB after the warm-up, ${rssEnd.toFixed(0)} MB after ${accepted} accepted handoffs (${(rest.times.length / rest.seconds).toFixed(0)} tasks/s over the last ${rest.times.length}).`,
);
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
rmSync(base, { recursive: true, force: true });
if (process.env.BENCH_OUT) (await import('node:fs')).writeFileSync(process.env.BENCH_OUT, lines.join('\n'));
