// Helpers the benchmark scripts share (not a benchmark itself: `npm run bench` skips `_` files).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Starts a server process (its stdout read, its stderr passed on) and resolves with the child and
 * the first URL it prints; `children`, when given, gets the child to stop at the end.
 */
export function startServer(cmd, args, cwd, pattern = /listening on (\S+\/)/, children = []) {
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = pattern.exec(out);
      if (m) resolveUrl({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)));
  });
}

/** A report: lines printed as they come and kept for `BENCH_OUT`. */
export function report() {
  const lines = [];
  const say = (line = '') => {
    lines.push(line);
    console.log(line);
  };
  return { lines, say };
}

/**
 * The environment timed commands run in: this one without the variables that make every node
 * process do start-up work of its own. `NODE_EXTRA_CA_CERTS` makes node 20 read and parse the
 * certificate file before any script (43 ms a start on this machine, 220 KB of certificates): it
 * would add the same to `node -e 0` and to baton, and a floor that is 40% certificates flatters
 * every ratio. What was left out is said in `START_ENV_NOTE`.
 */
export const START_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k !== 'NODE_EXTRA_CA_CERTS'),
);
/** One line for a report: which start-up variable the timed commands ran without, if any. */
export const START_ENV_NOTE =
  process.env.NODE_EXTRA_CA_CERTS === undefined
    ? ''
    : 'Timed without `NODE_EXTRA_CA_CERTS` (set here; node reads the file at every start).';

/** Times commands in interleaved rounds (three warm-up rounds first), in `START_ENV`; the median of each. */
export function timeCommands(commands, rounds) {
  const times = commands.map(() => []);
  for (let r = 0; r < rounds + 3; r++) {
    for (const [i, c] of commands.entries()) {
      const t0 = performance.now();
      const res = spawnSync(c.cmd[0], c.cmd.slice(1), {
        cwd: c.cwd,
        env: START_ENV,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
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

/** Sends `text` as a handoff with the A2A SDK client `client`; the milliseconds until it is taken. */
export async function sendHandoffTimed(client, text) {
  const { messageRequest } = await import('../dist/a2a/client.js');
  const { textPart } = await import('../dist/a2a/parts.js');
  const t0 = performance.now();
  const task = await client.sendMessage(messageRequest([textPart(text)], { handoff: true, sender: 'bench' }));
  if (task.status?.state !== 2) throw new Error(`not accepted: ${JSON.stringify(task.status)}`);
  return performance.now() - t0;
}

/**
 * Appends to `store` the events of `tasks` tasks of run `runId` that each go builder → verifier
 * → committer (eleven events a task), after seq `from` (a run-started event first when 0); the
 * last seq.
 */
export async function appendRunEvents(store, runId, from, tasks) {
  let seq = from;
  const at = (i) => new Date(Date.UTC(2026, 1, 1) + i * 1000).toISOString();
  const ev = (event, data, extra = {}) =>
    store.appendEvent({ run_id: runId, seq: ++seq, time: at(seq), event, data, ...extra });
  if (from === 0)
    await ev('run-started', {
      plan: 'a thousand tasks',
      tasks: Array.from({ length: tasks }, (_, i) => `T-${i}`),
    });
  for (let i = 0; i < tasks; i++) {
    const task = `T-${i}`;
    const tokens = 300 + (i % 7) * 20;
    await ev('task-started', { title: `task ${i}`, start_commit: 'a'.repeat(40) }, { task });
    await ev('attempt-started', { attempt: 1 }, { task });
    await ev(
      'dispatch',
      {
        attempt: 1,
        tokens,
        tokens_forward_all: tokens + i * 90,
        file: `.baton/runs/${runId}/dispatches/${task}.builder.a1.w1.txt`,
      },
      { task, stage: 'builder', window: 1 },
    );
    await ev(
      'reply',
      { attempt: 1, verdict: 'PASS', tokens: 100, duration_ms: 10, file: 'x' },
      { task, stage: 'builder', window: 1 },
    );
    await ev('stage-finished', { attempt: 1, verdict: 'PASS' }, { task, stage: 'builder' });
    await ev('verify', { attempt: 1, command: 'npm test', passed: true, exit_code: 0 }, { task });
    await ev('stage-finished', { attempt: 1, verdict: 'PASS' }, { task, stage: 'verifier' });
    await ev('dispatch', { attempt: 1, tokens: 150 }, { task, stage: 'committer', window: 1 });
    await ev('gate', { attempt: 1, pass: true }, { task });
    await ev('commit', { attempt: 1, commit: 'b'.repeat(40) }, { task });
    await ev('task-finished', { status: 'committed', attempts: 1, commit: 'b'.repeat(40) }, { task });
  }
  return seq;
}

/** Runs git in `cwd`; its output, or an error with what git said. */
export function gitIn(cwd, ...args) {
  const r = spawnSync('git', ['-C', cwd, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/**
 * A sender's repository in `base` (`<base>/sender`, one commit, origin acme/calc) with one handoff
 * written by the build at `dist`; `next()` gives that handoff again under a new id each call, for
 * a receiver cloned from `sender` to take.
 */
export function handoffSender(base, dist) {
  const sender = join(base, 'sender');
  gitIn(base, 'init', '-q', '-b', 'main', sender);
  gitIn(sender, 'config', 'user.email', 'b@b.invalid');
  gitIn(sender, 'config', 'user.name', 'bench');
  gitIn(sender, 'remote', 'add', 'origin', 'https://github.com/acme/calc.git');
  writeFileSync(join(sender, 'README.md'), '# calc\n');
  gitIn(sender, 'add', '.');
  gitIn(sender, 'commit', '-qm', 'init');
  const draft = `---\nfrom: builder\ntask: TASK-01\nstatus: in-progress\n---\n# Handoff: TASK-01\n\n## Goal\n\nAdd sum.\n\n## Summary\n\nHalf done.\n\n## Remaining\n\n### Finish sum\n\n- Goal: sum of a list\n- Files in scope: sum.js\n- Verify by: \`test -f sum.js\`\n`;
  const w = spawnSync(process.execPath, [join(dist, 'bin', 'baton.cjs'), 'write'], {
    cwd: sender,
    input: draft,
    encoding: 'utf8',
  });
  if (w.status !== 0) throw new Error(w.stderr);
  const written = readFileSync(join(sender, '.baton/handoff.md'), 'utf8').replace(/^content_hash: .*\n/m, '');
  let n = 0;
  const next = () => written.replace(/^id: \S+$/m, `id: 01M9${String(++n).padStart(22, '0')}`);
  return { sender, next };
}
