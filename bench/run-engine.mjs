// Benchmarks of the run engine (issue 4). Run after a build: `node bench/run-engine.mjs`
// (or `npm run bench`, which runs every bench script). Medians of several runs, side by side.
import { spawnSync } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { scriptedAgent } from '../dist/agents/scripted.js';
import { renderDispatch } from '../dist/formats/pipeline-xml/index.js';
import { parsePlan } from '../dist/plan/load.js';
import { startRun } from '../dist/run/engine.js';
import { createTempRepo } from '../dist/testing/git-repo.js';
import { loadTokenCounter } from '../dist/tokens/count.js';
import { builderDispatch } from '../dist/window/assemble.js';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
let seed = 42;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const handoff = (id) => ({
  from: 'builder',
  task: id,
  detail: 'FULL',
  what: `Implemented ${id}: parser changes in src/formats/${id}.ts and tests in test/${id}.test.ts.\nAll 42 tests pass; the renderer escapes separators.\nThe old entry point is kept for one release.`,
  why: 'Line-based parsing keeps line numbers in every error.\nThe escape scheme makes round trips exact.',
  caution: 'The Windows path handling is untested.',
  incomplete: 'None',
});
const instructions = ['Keep a progress file in the run folder and reply with a <task-result>.'];
const out = [];
const say = (l = '') => {
  out.push(l);
  console.log(l);
};

say(`# run engine benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}`);

// 1. Dispatch assembly for a 10,000-task random DAG.
{
  const n = 10_000;
  const tasks = [];
  for (let i = 0; i < n; i++) {
    const deps = new Set();
    for (let k = 0; k < 3 && i > 0; k++) if (rnd() < 0.7) deps.add(`T${Math.floor(rnd() * i)}`);
    tasks.push({
      id: `T${i}`,
      title: `task ${i}`,
      dependsOn: [...deps],
      filesInScope: [`src/t${i}.ts`],
      verifyBy: ['npm test'],
    });
  }
  const plan = { title: 'random DAG', tasks };
  const finals = new Map(tasks.map((t) => [t.id, handoff(t.id)]));
  const runs = [];
  let bytes = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    bytes = 0;
    for (const task of tasks)
      bytes += renderDispatch(builderDispatch({ plan, task, finals, instructions })).length;
    runs.push(performance.now() - t0);
  }
  const total = median(runs);
  say('');
  say('## Dispatch assembly, 10,000-task random DAG (up to 3 dependencies each)');
  say('');
  say(
    `- assemble + render every builder dispatch: ${total.toFixed(0)} ms in all, ${((total / n) * 1000).toFixed(1)} µs per task (median of 5; ${(bytes / n / 1024).toFixed(1)} KiB per dispatch on average)`,
  );
}

// 2. Token size of the dispatch for task N of a 50-task chain: window vs forwarding everything.
{
  const counter = await loadTokenCounter('o200k_base');
  const n = 50;
  const tasks = Array.from({ length: n }, (_, i) => ({
    id: `TASK-${String(i + 1).padStart(2, '0')}`,
    title: `step ${i + 1}`,
    dependsOn: i ? [`TASK-${String(i).padStart(2, '0')}`] : [],
    filesInScope: [`src/step${i + 1}.ts`],
    verifyBy: ['npm test'],
  }));
  const plan = { title: 'chain', tasks };
  const finals = new Map(tasks.map((t) => [t.id, handoff(t.id)]));
  say('');
  say(
    '## Dispatch tokens (o200k_base), task N of a 50-task chain: sliding window vs forwarding every earlier handoff',
  );
  say('');
  say('| N | sliding window | forward all | ratio |');
  say('|---:|---:|---:|---:|');
  for (const at of [2, 5, 10, 25, 50]) {
    const task = tasks[at - 1];
    const d = builderDispatch({ plan, task, finals, instructions });
    const all = { ...d, previousResults: tasks.slice(0, at - 1).map((t) => finals.get(t.id)) };
    const w = counter.count(renderDispatch(d));
    const f = counter.count(renderDispatch(all));
    say(`| ${at} | ${w} | ${f} | ${(f / w).toFixed(1)}× |`);
  }
}

// 3. Engine overhead per window with agents that answer instantly: 500 tasks × (builder +
// verifier) = 1,000 windows, each task gated and committed in a real repository.
{
  const repo = createTempRepo();
  try {
    const n = 500;
    const lines = ['# Plan: overhead', ''];
    for (let i = 1; i <= n; i++) lines.push(`## T${i}: task ${i}`, `- Files in scope: f${i}.txt`, '');
    const text = lines.join('\n');
    const { plan } = await parsePlan(text);
    const builder = scriptedAgent((call) => {
      const f = `f${call.task.slice(1)}.txt`;
      writeFileSync(join(call.cwd, f), `${call.task}\n`);
      writeFileSync(
        join(call.runDir, `${call.task}_progress.md`),
        `- Status: COMPLETED\n- Files changed:\n  - \`${f}\` — CREATE\n`,
      );
      return '<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>ok</what></context-handoff></task-result>';
    });
    const verifier = scriptedAgent(
      () =>
        '<task-result status="PASS"><context-handoff from="verifier" detail-level="FULL"><what>ok</what></context-handoff></task-result>',
    );
    const tokenizer = await loadTokenCounter('o200k_base');
    const t0 = performance.now();
    const r = await startRun({ root: repo.dir, plan, planText: text, builder, verifier, tokenizer });
    const total = performance.now() - t0;
    if (r.exitCode !== 0)
      throw new Error(
        `overhead run failed: ${JSON.stringify(r.summary.tasks.find((t) => t.status !== 'committed'))}`,
      );
    const events = readFileSync(join(r.runDir, 'events.jsonl'), 'utf8').trim().split('\n').length;
    // What the machine charges for the two things every step must do, measured in the same run.
    const fd = openSync(join(repo.dir, 'fsync-probe'), 'a');
    const f0 = performance.now();
    for (let i = 0; i < 200; i++) {
      writeSync(fd, `${'x'.repeat(300)}\n`);
      fsyncSync(fd);
    }
    const fsyncMs = (performance.now() - f0) / 200;
    closeSync(fd);
    const g0 = performance.now();
    for (let i = 0; i < 50; i++) spawnSync('git', ['-C', repo.dir, 'rev-parse', 'HEAD']);
    const gitMs = (performance.now() - g0) / 50;
    say('');
    say('## Engine overhead, agents that answer instantly');
    say('');
    say(
      `- 1,000 windows (500 tasks × builder + verifier, each task gated and committed): **${(total / 1000).toFixed(1)} ms per window**, ${(total / 1000).toFixed(1)} s in all`,
    );
    say(
      `- where it goes: ${events} events, each written and fsynced before the next step (${fsyncMs.toFixed(1)} ms per fsync here), and 6 git processes per task (HEAD at the start; ls-tree and hash-object for the gate; add, commit, rev-parse) at ${gitMs.toFixed(1)} ms per git process here: ${((events * fsyncMs + n * 6 * gitMs) / 1000).toFixed(1)} ms per window of the ${(total / 1000).toFixed(1)}`,
    );
  } finally {
    repo.cleanup();
  }
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${out.join('\n')}\n`);
