// Two builds' `baton compile <log>` side by side (a change against the build before it): each log
// compiled by both, paired in each round, the order turned every other round; prints each build's
// median and the median of the per-pair ratios second ÷ first, the steadiest figure on a shared
// machine. Not part of `npm run bench` (it needs the builds to compare):
//   node bench/_compile-builds.mjs /tmp/before/dist dist [session logs…]
// Without logs, the corpus's three Claude Code and Codex logs named below (BATON_CORPUS_TRANSCRIPTS
// names their folder, default ../shared/corpus/transcripts). AB_ROUNDS (8) changes the rounds.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, START_ENV } from './_lib.mjs';

const [first, second, ...given] = process.argv.slice(2);
if (!first || !second) {
  console.error('usage: node bench/_compile-builds.mjs <first dist> <second dist> [session logs…]');
  process.exit(2);
}
const corpus = resolve(process.env.BATON_CORPUS_TRANSCRIPTS ?? '../shared/corpus/transcripts');
const logs = given.length
  ? given
  : [
      'claude-code__pai-procrypto_09069acc.jsonl',
      'codex__openprintkit_c61729d4.jsonl',
      'claude-code__spotter_ae4a77f8.jsonl',
    ].map((f) => join(corpus, f));
const ROUNDS = Number(process.env.AB_ROUNDS ?? 8);
const bins = [first, second].map((d) => join(resolve(d), 'bin', 'baton.cjs'));
const times = [[], []];
for (let r = 0; r < ROUNDS + 1; r++) {
  for (const log of logs) {
    const order = r % 2 ? [1, 0] : [0, 1];
    for (const b of order) {
      const t0 = performance.now();
      const res = spawnSync(process.execPath, [bins[b], 'compile', log], {
        env: START_ENV,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const dt = performance.now() - t0;
      if (res.status !== 0) throw new Error(`${bins[b]} compile ${log} exited ${res.status}: ${res.stderr}`);
      if (r >= 1) times[b].push(dt);
    }
  }
}
const ratio = median(times[1].map((t, i) => t / times[0][i]));
console.log(
  `compile, ${logs.length} logs, ${ROUNDS} rounds: first ${median(times[0]).toFixed(0)} ms, second ${median(times[1]).toFixed(0)} ms, second ÷ first per pair ${ratio.toFixed(3)}`,
);
