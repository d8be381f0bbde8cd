/**
 * The event log's contract (issue 13 item 5): every event a run records is one of the
 * `RunEventName`s, and docs/run.md's table names each of them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../src/agents/scripted.js';
import type { AgentCall } from '../../src/agents/types.js';
import { parsePlan } from '../../src/plan/load.js';
import { startRun } from '../../src/run/engine.js';
import { RUN_EVENT_NAMES } from '../../src/run-events.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { loadTokenCounter } from '../../src/tokens/count.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

const PASS =
  '<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>ok</what></context-handoff></task-result>';

describe('run events', () => {
  it('records only names of the RunEventName union, on a run with a retry, a malformed reply and a halt', async () => {
    const repo = createTempRepo();
    repos.push(repo);
    const { plan } = await parsePlan(
      '# Plan: p\n\n## A: one\n- Files in scope: a.txt\n- Verify by: `true`\n\n## B: two\n- Depends on: A\n- Files in scope: b.txt\n',
    );
    const builder = scriptedAgent((call: AgentCall) => {
      if (call.task === 'A' && call.window === 1) return 'not a result';
      if (call.task === 'B')
        return '<task-result status="FAIL"><context-handoff from="builder" detail-level="FULL"><what>no</what></context-handoff></task-result>';
      writeFileSync(join(call.cwd, 'a.txt'), 'a\n');
      writeFileSync(
        join(call.runDir, 'A_progress.md'),
        '- Status: COMPLETED\n- Files changed:\n  - `a.txt` — CREATE\n',
      );
      return PASS;
    });
    const r = await startRun({
      root: repo.dir,
      plan,
      planText: '',
      builder,
      maxAttempts: 2,
      tokenizer: await loadTokenCounter('chars/4'),
    });
    expect(r.exitCode).toBe(5);
    const names = readFileSync(join(r.runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { event: string }).event);
    const known = new Set<string>(RUN_EVENT_NAMES);
    expect(names.filter((n) => !known.has(n))).toEqual([]);
    expect(new Set(names)).toContain('correction');
    expect(new Set(names)).toContain('run-halted');
  });

  it('docs/run.md lists every event name', () => {
    const doc = readFileSync(new URL('../../docs/run.md', import.meta.url), 'utf8');
    expect(RUN_EVENT_NAMES.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});
