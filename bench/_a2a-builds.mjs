// Two or more builds of `baton serve a2a` side by side (a change against the build before it):
// each server in a clone of its own, warmed with 600 handoffs, then rounds of 400 handoffs from 50
// senders, the servers' order swapped each round; the median server CPU per handoff and tasks/s.
// Not part of `npm run bench` (it needs the builds to compare):
//   node bench/_a2a-builds.mjs /tmp/before/dist dist      (each dist with package.json and
//                                                          node_modules beside it)
// AB_ROUNDS (10), AB_COUNT (400) and AB_SENDERS (50) change the rounds. Each build after the
// first is also given as its per-round ratios to the first (the median and the range).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ClientFactory } from '@a2a-js/sdk/client';
import { gitIn, handoffSender, median, sendHandoffTimed, startServer } from './_lib.mjs';

const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length < 2) {
  console.error('usage: node bench/_a2a-builds.mjs <dist> <dist> [<dist>…]');
  process.exit(2);
}
const ROUNDS = Number(process.env.AB_ROUNDS ?? 10);
const COUNT = Number(process.env.AB_COUNT ?? 400);
const SENDERS = Number(process.env.AB_SENDERS ?? 50);

const base = mkdtempSync(join(tmpdir(), 'baton-bench-builds-'));
const { sender, next } = handoffSender(base, dists[0]);

// The server process's CPU time (user + system, clock ticks of 10 ms) from /proc.
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const servers = [];
try {
  for (const [i, dist] of dists.entries()) {
    const receiver = join(base, `receiver-${i}`);
    gitIn(base, 'clone', '-q', sender, receiver);
    gitIn(receiver, 'remote', 'set-url', 'origin', 'https://github.com/acme/calc.git');
    const args = [join(dist, 'bin', 'baton.cjs'), 'serve', 'a2a', '--port', '0'];
    const { child, url } = await startServer(process.execPath, args, receiver);
    servers.push({ dist, child, client: await new ClientFactory().createFromUrl(url), cpu: [], rate: [] });
  }
  for (const s of servers) for (let i = 0; i < 600; i++) await sendHandoffTimed(s.client, next());
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 ? [...servers].reverse() : servers) {
      const cpu0 = cpuOf(s.child.pid);
      const t0 = performance.now();
      let left = COUNT;
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (left-- > 0) await sendHandoffTimed(s.client, next());
        }),
      );
      s.rate.push(COUNT / ((performance.now() - t0) / 1000));
      s.cpu.push((cpuOf(s.child.pid) - cpu0) / COUNT);
    }
  }
  // Each build beside the first in the same round: the ratios the machine's load moves least.
  const ratios = (s, of) => s[of].map((v, round) => v / servers[0][of][round]);
  const spread = (xs) =>
    `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  console.log(
    `| build | server CPU per handoff, median of ${ROUNDS} | tasks/s, median | ÷ the first, per round: CPU · tasks/s, median (range) |`,
  );
  console.log('|---|---:|---:|---:|');
  for (const s of servers) {
    const beside = s === servers[0] ? '' : `${spread(ratios(s, 'cpu'))} · ${spread(ratios(s, 'rate'))}`;
    console.log(`| ${s.dist} | ${median(s.cpu).toFixed(2)} ms | ${median(s.rate).toFixed(0)} | ${beside} |`);
  }
} finally {
  for (const s of servers) s.child.kill();
  rmSync(base, { recursive: true, force: true });
}
