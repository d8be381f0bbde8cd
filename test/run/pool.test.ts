/**
 * A `kind: pool` endpoint in the run engine, over command members (real shell processes): each
 * member takes at most its `max_tasks` calls at once, the pool's budget is its smallest member's,
 * and a continuation window (a handoff) works through the pool as through any endpoint.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEndpoints } from '../../src/agents/endpoints.js';
import { resolveAgent } from '../../src/agents/resolve.js';
import { parsePlan } from '../../src/plan/load.js';
import { startRun } from '../../src/run/engine.js';
import type { RunEvent } from '../../src/run/events.js';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { loadTokenCounter } from '../../src/tokens/count.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

const PLAN = `# Plan: three parts

## T1: One
- Files in scope: src/**

## T2: Two
- Files in scope: src/**

## T3: Three
- Files in scope: src/**
`;

const HANDOFF = `## Done
- [x] Started the part — verified by \`true\` → pass

## Remaining
### Finish the part
- Goal: write the file
- Files in scope: src/T1.txt
- Verify by: \`test -f src/T1.txt\`

## Decisions made
- One file — because the part is small

## Files touched
- none yet

## Open concerns
- None.
`;

// A member: marks itself busy, waits until all three calls have started, notes how many calls it
// holds at that moment, and then does the task (T1 hands off once, in its first window).
function memberScript(tools: string): string {
  return `#!/bin/sh
set -e
me=$1
touch "${tools}/busy.$me.$BATON_TASK" "${tools}/started.$BATON_TASK.$BATON_WINDOW"
i=0
while [ "$(ls '${tools}' | grep -c '^started\\.')" -lt 3 ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done
ls '${tools}' | grep -c "^busy\\.$me\\." > "${tools}/peak.$me.$BATON_TASK.$BATON_WINDOW"
sleep 0.3
rm -f "${tools}/busy.$me.$BATON_TASK"
if [ "$BATON_TASK" = T1 ] && [ "$BATON_WINDOW" = 1 ]; then cat '${tools}/handoff.md'; exit 0; fi
echo "$me" > "src/$BATON_TASK.txt"
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/%s.txt\` — CREATE\\n' "$BATON_TASK" > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
echo '<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>done</what></context-handoff></task-result>'
`;
}

describe('a pool endpoint in the run engine', () => {
  it('keeps each member to its max_tasks, carries the smallest budget, and continues a handoff', async () => {
    const repo = createTempRepo();
    const tools = mkdtempSync(join(tmpdir(), 'baton-pool-run-'));
    cleanup.push(
      () => repo.cleanup(),
      () => rmSync(tools, { recursive: true, force: true }),
    );
    repo.write('src/.keep', '');
    repo.commit('src');
    writeFileSync(join(tools, 'member.sh'), memberScript(tools));
    writeFileSync(join(tools, 'handoff.md'), HANDOFF);
    const yaml = `endpoints:
  p:
    kind: pool
    members: [wide, narrow]
    tokenizer: chars/4
  wide:
    kind: command
    command: sh '${tools}/member.sh' wide
    max_tasks: 2
    max_context: 40000
  narrow:
    kind: command
    command: sh '${tools}/member.sh' narrow
    max_context: 90000
`;
    writeFileSync(join(tools, 'endpoints.yaml'), yaml);
    const endpoints = await loadEndpoints(repo.dir, join(tools, 'endpoints.yaml'));
    const builder = await resolveAgent('endpoint:p', repo.dir, endpoints);
    expect(builder.budget).toEqual({ tokenizer: 'chars/4', maxContext: 40000 });
    const { plan } = await parsePlan(PLAN);
    const events: Record<string, unknown>[] = [];
    const result = await startRun({
      root: repo.dir,
      plan,
      planText: PLAN,
      builder,
      parallel: 3,
      tokenizer: await loadTokenCounter('chars/4'),
      listeners: [(e: RunEvent) => events.push({ ...e })],
    });
    expect(result.exitCode).toBe(0);
    const peak = (name: string) =>
      Math.max(
        ...['T1.1', 'T2.1', 'T3.1']
          .map((k) => join(tools, `peak.${name}.${k}`))
          .filter((f) => existsSync(f))
          .map((f) => Number(readFileSync(f, 'utf8').trim())),
      );
    // Three calls at once: two on the member that takes two, one on the member that takes one.
    expect([peak('wide'), peak('narrow')]).toEqual([2, 1]);
    const dispatches = events.filter((e) => e.event === 'dispatch' && e.stage === 'builder');
    expect(dispatches.every((e) => e.max_context === 40000)).toBe(true);
    // T1 handed off in its first window and finished in a second, through the pool.
    expect(events.find((e) => e.event === 'handoff' && e.task === 'T1')).toMatchObject({
      window: 1,
      remaining: 1,
    });
    const t1 = events.filter((e) => e.event === 'reply' && e.task === 'T1' && e.stage === 'builder');
    expect(t1.map((e) => e.verdict)).toEqual(['HANDOFF', 'PASS']);
    // The handoff's next window stays with the member that had the task.
    expect(t1[0]?.built_by).toBe(t1[1]?.built_by);
    expect(result.summary.tasks.map((t) => t.status)).toEqual(['committed', 'committed', 'committed']);
  });
});
