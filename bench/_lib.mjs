// Helpers the benchmark scripts share (not a benchmark itself: `npm run bench` skips `_` files).
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** The built command line. */
export const BIN = new URL('../dist/bin/baton.cjs', import.meta.url).pathname;
/** Rounds of each timed command (`BENCH_ROUNDS`, default 30). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

/** The median of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Milliseconds with one decimal. */
export const ms = (n) => `${n.toFixed(1)} ms`;

/** A report: lines printed as they come and kept for `BENCH_OUT`. */
export function report() {
  const lines = [];
  const say = (line = '') => {
    lines.push(line);
    console.log(line);
  };
  return { lines, say };
}

/** Times commands in interleaved rounds (three warm-up rounds first); the median of each. */
export function timeCommands(commands, rounds) {
  const times = commands.map(() => []);
  for (let r = 0; r < rounds + 3; r++) {
    for (const [i, c] of commands.entries()) {
      const t0 = performance.now();
      const res = spawnSync(c.cmd[0], c.cmd.slice(1), { cwd: c.cwd, stdio: ['ignore', 'ignore', 'pipe'] });
      const dt = performance.now() - t0;
      if (res.status !== c.expect) throw new Error(`${c.name} exited ${res.status}: ${res.stderr}`);
      if (r >= 3) times[i].push(dt);
    }
  }
  return times.map(median);
}

/** A sample canonical handoff (as the model) with the given Done items. */
export function handoffBase(i, done) {
  return {
    schema: 'baton/handoff-v1',
    id: `01JDXYZ${String(i).padStart(19, '0')}`,
    created_at: '2026-11-30T01:14:19Z',
    from: 'builder',
    task: `TASK-${i}`,
    status: 'in-progress',
    title: `Handoff ${i}`,
    goal: 'Build the parser and renderer of the canonical format, with tests.',
    summary: 'Parser done; renderer half done.',
    done,
    remaining: [
      { title: 'Finish the renderer', files_in_scope: ['src/formats/**'], verify_by: ['npm test'] },
    ],
    decisions: [{ decision: 'Line-based parser', reason: 'line numbers in every error', rejected: [] }],
    facts: [],
    files_touched: [{ action: 'created', path: 'src/formats/baton/parse.ts' }],
    validation: [{ result: 'passed', command: 'npm test', outcome: '42 tests' }],
    open_concerns: [],
    dead_ends: [],
    preferences: [],
  };
}
