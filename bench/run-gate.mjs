// What the committer's scope checks cost per task (issue 11 item 12: .gitignore and the commits
// made since the task started, three more git processes per task): a 200-task run with a scripted
// builder that answers at once, median of 3. `node bench/run-gate.mjs` after a build;
// BATON_DIST_BEFORE=<another build's dist folder> measures that build beside this one, interleaved.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, report } from './_lib.mjs';

const N = Number(process.env.BENCH_GATE_TASKS ?? 200);
const ROUNDS = Number(process.env.BENCH_GATE_ROUNDS ?? 3);
const here = new URL('../dist/', import.meta.url).pathname;
const builds = [['this build', here]];
if (process.env.BATON_DIST_BEFORE)
  builds.unshift(['before', process.env.BATON_DIST_BEFORE.replace(/\/?$/, '/')]);
const { say } = report();

async function once(dist) {
  const { scriptedAgent } = await import(`${dist}agents/scripted.js`);
  const { parsePlan } = await import(`${dist}plan/load.js`);
  const { startRun } = await import(`${dist}run/engine.js`);
  const { createTempRepo } = await import(`${dist}testing/git-repo.js`);
  const { loadTokenCounter } = await import(`${dist}tokens/count.js`);
  const repo = createTempRepo();
  try {
    const lines = ['# Plan: gate', ''];
    for (let i = 1; i <= N; i++) lines.push(`## T${i}: task ${i}`, `- Files in scope: f${i}.txt`, '');
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
    const tokenizer = await loadTokenCounter('chars/4');
    const t0 = performance.now();
    const r = await startRun({ root: repo.dir, plan, planText: text, builder, tokenizer });
    const ms = performance.now() - t0;
    if (r.exitCode !== 0) throw new Error(`run failed with ${r.exitCode}`);
    return ms / N;
  } finally {
    repo.cleanup();
  }
}

const times = builds.map(() => []);
for (let r = 0; r < ROUNDS; r++)
  for (const [i, [, dist]] of builds.entries()) times[i].push(await once(dist));
say(`### Engine time per task, ${N} tasks (builder, built-in verifier, gate, commit), median of ${ROUNDS}`);
say('');
say('| build | per task |');
say('|---|---:|');
for (const [i, [name]] of builds.entries()) say(`| ${name} | ${median(times[i]).toFixed(1)} ms |`);
