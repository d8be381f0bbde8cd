/**
 * What the parallel-run tests share: a plan of independent tasks whose checks fail when another
 * task's files are in sight (issue 25's check), a builder that waits for its siblings, and readers
 * of a run's events and of the commits it made.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

export { runEvents } from '../a2a/_helpers.js';

/** A PASS result with the builder's handoff. */
export const PARALLEL_RESULT = `<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Wrote the task's file.</what><why>The plan asks for it.</why><caution>None</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>`;

/**
 * `n` independent tasks TASK-01…, each writing `src/TASK-0N.txt`, each verified by "no other
 * uncommitted work under src/": one at a time they all pass; in one shared work tree at once, none.
 */
export function quietPlan(n: number): string {
  const tasks = Array.from({ length: n }, (_, i) => {
    const id = `TASK-${String(i + 1).padStart(2, '0')}`;
    return `## ${id}: Part ${i + 1}
- Files in scope: src/${id}.txt
- Verify by: \`test -f src/${id}.txt\`
- Verify by: \`[ -z "$(git status --porcelain --untracked-files=all src | grep -v ${id})" ]\`
`;
  });
  return `# Plan: ${n} independent parts\n\n${tasks.join('\n')}`;
}

/**
 * A builder for `quietPlan`: marks that it started, waits (at most 20 s) until `barrier` builders
 * have (0: no wait), writes its task's file and progress file, and replies PASS. A builder that saw
 * the barrier met leaves `met.<task>` in `tools`.
 */
export function parallelBuilder(tools: string, barrier: number, before = ''): string {
  return `#!/bin/sh
set -e
${before}
touch '${tools}/started.'"$BATON_TASK.$BATON_ATTEMPT"
if [ ${barrier} -gt 0 ]; then
  i=0
  while [ "$(ls '${tools}' | grep -c '^started\\.')" -lt ${barrier} ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done
  [ $i -lt 200 ] && touch '${tools}/met.'"$BATON_TASK"
fi
f="src/$BATON_TASK.txt"
echo "$BATON_TASK" > "$f"
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`%s\` — CREATE\\n' "$f" > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
cat <<'XML'
${PARALLEL_RESULT}
XML
`;
}

/** The run's commits, oldest first: subject, files, and the Baton-Task trailer. */
export function taskCommits(repo: TempRepo): { subject: string; task: string; files: string[] }[] {
  const log = repo.git(
    'log',
    '--reverse',
    '--format=%x01%s%x02%(trailers:key=Baton-Task,valueonly,separator=)',
    '--name-only',
    '--grep=^Baton-Task: ',
  );
  return log
    .split('\x01')
    .slice(1)
    .map((block) => {
      const [head = '', ...files] = block.split('\n');
      const [subject = '', task = ''] = head.split('\x02');
      return { subject, task: task.trim(), files: files.filter((f) => f.trim() !== '') };
    });
}

/** A repository with a `src/` folder, a tools folder holding `plan.md` and `builder.sh`, and their cleanup. */
export function parallelSetup(
  plan: string,
  builder: (tools: string) => string,
): { repo: TempRepo; tools: string; planPath: string; agent: string; cleanup(): void } {
  const repo = createTempRepo({ prefix: 'par repo' });
  const tools = mkdtempSync(join(tmpdir(), 'baton-par-'));
  repo.write('src/.keep', '');
  repo.commit('project');
  const planPath = join(tools, 'plan.md');
  writeFileSync(planPath, plan);
  writeFileSync(join(tools, 'builder.sh'), builder(tools));
  return {
    repo,
    tools,
    planPath,
    agent: `sh '${join(tools, 'builder.sh')}'`,
    cleanup() {
      repo.cleanup();
      rmSync(tools, { recursive: true, force: true });
    },
  };
}
