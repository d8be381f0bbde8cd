import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../src/agents/scripted.js';
import type { AgentCall } from '../../src/agents/types.js';
import { parsePlan } from '../../src/plan/load.js';
import { resumeRun, startRun } from '../../src/run/engine.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { loadTokenCounter } from '../../src/tokens/count.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

const PLAN =
  '# Plan: p\n\n## A: first\n- Files in scope: a.txt\n\n## B: second\n- Depends on: A\n- Files in scope: b.txt\n';
const RESULT = (status = 'PASS') =>
  `<task-result status="${status}"><context-handoff from="builder" detail-level="FULL"><what>ok</what></context-handoff></task-result>`;

function work(call: AgentCall): string {
  const file = `${call.task.toLowerCase()}.txt`;
  writeFileSync(join(call.cwd, file), `${call.task} attempt ${call.attempt}\n`);
  writeFileSync(
    join(call.runDir, `${call.task}_progress.md`),
    `- Status: COMPLETED\n- Files changed:\n  - \`${file}\` — CREATE\n`,
  );
  return RESULT();
}

async function setup() {
  const repo = createTempRepo();
  repos.push(repo);
  const { plan } = await parsePlan(PLAN);
  const tokenizer = await loadTokenCounter('chars/4');
  return { repo, plan, tokenizer };
}

describe('the run engine', () => {
  it('runs with a scripted verifier agent: a FAIL from the verifier is a failed attempt, retried', async () => {
    const { repo, plan, tokenizer } = await setup();
    let verifications = 0;
    const roles = new Set<string>();
    const verifier = scriptedAgent((call) => {
      roles.add(call.role);
      return RESULT(++verifications === 1 ? 'FAIL' : 'PASS');
    });
    const r = await startRun({
      root: repo.dir,
      plan,
      planText: PLAN,
      builder: scriptedAgent(work),
      verifier,
      tokenizer,
    });
    expect(r.exitCode).toBe(0);
    expect(r.summary.tasks.map((t) => [t.id, t.status, t.attempts])).toEqual([
      ['A', 'committed', 2],
      ['B', 'committed', 1],
    ]);
    const events = readFileSync(join(r.runDir, 'events.jsonl'), 'utf8');
    expect(events).toContain('"event":"attempt-failed","task":"A","attempt":1,"stage":"verifier"');
    // Every agent the engine spawns is its child, whatever stage it runs (BATON_ROLE).
    expect([...roles]).toEqual(['child']);
  });

  it('records a commit made just before a crash once, on resume, instead of committing again', async () => {
    const { repo, plan, tokenizer } = await setup();
    const r = await startRun({
      root: repo.dir,
      plan,
      planText: PLAN,
      builder: scriptedAgent(work),
      tokenizer,
    });
    expect(r.exitCode).toBe(0);
    // Cut the log back to just before B's commit was recorded: the crash came after `git commit`.
    const path = join(r.runDir, 'events.jsonl');
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    const cut = lines.findIndex((l) => l.includes('"event":"commit"') && l.includes('"task":"B"'));
    writeFileSync(path, `${lines.slice(0, cut).join('\n')}\n`);
    const before = repo.git('rev-list', '--count', 'HEAD');
    const resumed = await resumeRun(r.runId, { root: repo.dir, builder: scriptedAgent(() => ''), tokenizer });
    expect(resumed.exitCode).toBe(0);
    expect(repo.git('rev-list', '--count', 'HEAD')).toBe(before);
    const after = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const commits = after.filter((e) => e.event === 'commit' && e.task === 'B');
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatchObject({ recovered: true });
  });

  it('refuses to start in a repository with no commits, and names an unknown run', async () => {
    const repo = createTempRepo({ initialCommit: false });
    repos.push(repo);
    const { plan } = await parsePlan(PLAN);
    await expect(
      startRun({ root: repo.dir, plan, planText: PLAN, builder: scriptedAgent(work) }),
    ).rejects.toThrow('no commits yet');
    await expect(
      resumeRun('01JDXYZ0000000000000000000', { root: repo.dir, builder: scriptedAgent(work) }),
    ).rejects.toThrow('no run 01JDXYZ0000000000000000000');
  });
});
