// Two builds' `baton validate` start-up side by side (a change against the build before it):
// `node -e 0`, then each build's `validate --no-git <file>`, `validate` (git read live) and
// `hook session-start` after a compaction, all in one repository, interleaved, the order turned
// each round (and reversed every other one). Prints each command's median and its ratio to
// `node -e 0`, and per command the median of the per-round ratios second ÷ first: on a shared
// machine that moves a build's medians by several milliseconds, the steadiest figure. Not part of
// `npm run bench` (it needs the builds to compare):
//   node bench/_cli-builds.mjs /tmp/before/dist dist
// AB_ROUNDS (40) changes the rounds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { handoffSender, median, START_ENV, START_ENV_NOTE } from './_lib.mjs';

const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length !== 2) {
  console.error('usage: node bench/_cli-builds.mjs <first dist> <second dist>');
  process.exit(2);
}
const ROUNDS = Number(process.env.AB_ROUNDS ?? 40);
const base = mkdtempSync(join(tmpdir(), 'baton-bench-cli-'));
const { sender: repo } = handoffSender(base, dists[0]);
const hookInput = JSON.stringify({
  session_id: 'bench',
  cwd: repo,
  hook_event_name: 'SessionStart',
  source: 'compact',
});

const KINDS = ['validate --no-git', 'validate', 'hook session-start'];
const commands = [{ name: '`node -e 0`', args: ['-e', '0'] }];
for (const [b, dist] of dists.entries()) {
  const bin = join(dist, 'bin', 'baton.cjs');
  commands.push(
    {
      name: `${b + 1}: validate --no-git`,
      args: [bin, 'validate', '--no-git', join(repo, '.baton/handoff.md')],
    },
    { name: `${b + 1}: validate`, args: [bin, 'validate'] },
    { name: `${b + 1}: hook session-start`, args: [bin, 'hook', 'session-start'], input: hookInput },
  );
}
const times = commands.map(() => []);
for (let r = 0; r < ROUNDS + 3; r++) {
  const turned = commands.map((_, i) => (i + r) % commands.length);
  for (const i of r % 2 ? turned.reverse() : turned) {
    const c = commands[i];
    const t0 = performance.now();
    const res = spawnSync(process.execPath, c.args, {
      cwd: repo,
      env: START_ENV,
      input: c.input,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    const dt = performance.now() - t0;
    if (res.status !== 0) throw new Error(`${c.name} exited ${res.status}: ${res.stderr}`);
    if (r >= 3) times[i].push(dt);
  }
}
rmSync(base, { recursive: true, force: true });

const floor = median(times[0]);
if (START_ENV_NOTE) console.log(`${START_ENV_NOTE}\n`);
console.log(`| command | median | × \`node -e 0\` |\n|---|---:|---:|`);
for (const [i, c] of commands.entries())
  console.log(
    `| ${c.name} | ${median(times[i]).toFixed(1)} ms | ${(median(times[i]) / floor).toFixed(2)}× |`,
  );
console.log('');
for (const [k, kind] of KINDS.entries()) {
  const first = times[1 + k];
  const second = times[1 + KINDS.length + k];
  console.log(
    `${kind}: second ÷ first, median of ${ROUNDS} rounds: ${median(first.map((t, i) => second[i] / t)).toFixed(3)}`,
  );
}
