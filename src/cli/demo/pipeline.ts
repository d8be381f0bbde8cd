/**
 * The pipeline half of the demo: a three-task plan run with scripted agents through builder →
 * verifier → committer, where one builder fails the gate once and is retried, then each
 * dispatch's token count beside what forwarding every earlier handoff would have cost.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { scriptedAgent } from '../../agents/scripted.js';
import type { AgentCall } from '../../agents/types.js';
import { parsePlan } from '../../plan/load.js';
import type { RunResult } from '../../run/engine.js';
import { startRun } from '../../run/engine.js';
import type { RunEvent } from '../../run/events.js';
import { isRunEvent } from '../../run-events.js';
import { openStore } from '../../store/open.js';
import type { TempRepo } from '../../testing/git-repo.js';
import { progressPrinter, summaryLines } from '../_progress.js';
import type { CommandIO } from '../io.js';
import { SUM_TEST } from './continuity.js';

/** The demo's plan: three dependent tasks with files in scope and verify commands. */
const DEMO_PLAN = `# Plan: calc — sum, mean, and their docs

## TASK-01: Add sum
- Goal: sum(xs) adds a list of numbers; the sum of an empty list is 0
- Files in scope: src/sum.js, test/sum.test.js
- Verify by: \`node test/sum.test.js\`

## TASK-02: Add mean
- Depends on: TASK-01
- Goal: mean(xs) is sum(xs) / xs.length, using sum
- Files in scope: src/mean.js, test/mean.test.js, src/sum.js
- Verify by: \`node test/mean.test.js\`

## TASK-03: Document the library
- Depends on: TASK-02
- Goal: README.md shows how to call sum and mean
- Files in scope: README.md
- Verify by: \`grep -q "mean(" README.md\`
`;

const WORK: Record<string, { files: Record<string, string>; what: string; why: string }> = {
  'TASK-01': {
    files: {
      'src/sum.js': 'export function sum(xs) {\n  return xs.reduce((a, b) => a + b, 0);\n}\n',
      'test/sum.test.js': SUM_TEST,
    },
    what: 'Added sum(xs) in src/sum.js with reduce and a start value of 0, and test/sum.test.js (empty list, three numbers).',
    why: 'A start value of 0 makes the empty list sum to 0 instead of throwing.',
  },
  'TASK-02': {
    files: {
      'src/mean.js':
        "import { sum } from './sum.js';\n\nexport function mean(xs) {\n  return xs.length === 0 ? NaN : sum(xs) / xs.length;\n}\n",
      'test/mean.test.js':
        "import assert from 'node:assert';\nimport { mean } from '../src/mean.js';\nassert.equal(mean([1, 2, 3]), 2);\nassert.ok(Number.isNaN(mean([])));\n",
    },
    what: 'Added mean(xs) in src/mean.js on top of sum, and test/mean.test.js.',
    why: 'The mean of an empty list is NaN, not 0: there is no average of nothing.',
  },
  'TASK-03': {
    files: {
      'README.md':
        '# calc\n\n```js\nimport { sum } from "./src/sum.js";\nimport { mean } from "./src/mean.js";\nsum([1, 2, 3]); // 6\nmean([1, 2, 3]); // 2\n```\n',
    },
    what: 'Documented sum and mean in README.md with one example each.',
    why: 'The README is the only documentation of this tiny library.',
  },
};

// The scripted builder does each task's work as a real agent would, and keeps the progress
// file; on TASK-02's first attempt it also claims src/sum.js, which it did not touch, so the
// gate fails once and the builder is retried with the gate's reason.
async function builder(call: AgentCall): Promise<string> {
  const work = WORK[call.task];
  if (!work) return '';
  const lying = call.task === 'TASK-02' && call.attempt === 1;
  const listed: string[] = [];
  for (const [path, text] of Object.entries(work.files)) {
    const full = join(call.cwd, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    listed.push(`  - \`${path}\` — ${path === 'README.md' ? 'MODIFY' : 'CREATE'}`);
  }
  if (lying) listed.push('  - `src/sum.js` — MODIFY');
  const now = new Date().toISOString();
  writeFileSync(
    join(call.runDir, `${call.task}_progress.md`),
    `# ${call.task} progress\n\n- Status: COMPLETED\n- Started: ${now}\n- Updated: ${now}\n- Files changed:\n${listed.join('\n')}\n`,
  );
  return `<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>${work.what}</what>
    <why>${work.why}</why>
    <caution>None</caution>
    <incomplete>None</incomplete>
  </context-handoff>
</task-result>
`;
}

/** Runs the pipeline demo in `repo`; returns the run's result. */
export async function pipelineDemo(
  io: CommandIO,
  repo: TempRepo,
  step: (text: string) => void,
): Promise<RunResult> {
  repo.write('package.json', '{ "type": "module" }\n');
  repo.write('README.md', '# calc\n');
  repo.commit('calc: an empty package');
  const planPath = join(repo.dir, 'PLAN.md');
  writeFileSync(planPath, DEMO_PLAN);
  repo.commit('calc: the plan');
  const { plan } = await parsePlan(DEMO_PLAN, planPath);
  step(
    'A plan of three tasks, run with a scripted builder and the built-in verifier: baton run --plan PLAN.md',
  );
  const printer = progressPrinter(io);
  const events: RunEvent[] = [];
  // The run's events go to the repository's store too, for `baton runs` and the viewer.
  const store = await openStore({ cwd: repo.dir, env: {} });
  let result: RunResult;
  try {
    result = await startRun({
      root: repo.dir,
      plan: { ...plan, path: planPath },
      planText: DEMO_PLAN,
      builder: scriptedAgent(builder, 'scripted demo builder'),
      listeners: [(e) => printer.onEvent(e), (e) => events.push(e)],
      store,
    });
  } finally {
    printer.stop();
    await store.close();
  }
  for (const line of summaryLines(result.summary)) io.stdout(`${line}\n`);
  step('What the sliding window saved: each dispatch, and what forwarding every earlier handoff would cost');
  io.stdout('   task      stage    attempt  window   tokens   forward-all\n');
  let sent = 0;
  let all = 0;
  for (const e of events.filter((x) => isRunEvent(x, 'dispatch')).filter((x) => x.stage !== 'committer')) {
    const tokens = Number(e.tokens);
    const forward = Number(e.tokens_forward_all ?? e.tokens);
    sent += tokens;
    all += forward;
    io.stdout(
      `   ${String(e.task).padEnd(9)} ${String(e.stage).padEnd(8)} ${String(e.attempt).padStart(7)} ${String(e.window).padStart(7)} ${String(tokens).padStart(8)} ${String(forward).padStart(13)}\n`,
    );
  }
  io.stdout(`   total${' '.repeat(33)}${String(sent).padStart(8)} ${String(all).padStart(13)}\n`);
  return result;
}
