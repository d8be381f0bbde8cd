import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanTask } from '../../src/plan/types.js';
import { checkGate } from '../../src/run/gate.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

function setup(scope: string[] = []) {
  const repo = createTempRepo();
  repos.push(repo);
  repo.write('src/a.js', 'a\n');
  repo.write('src/b.js', 'b\n');
  const start = repo.commit('base');
  const task: PlanTask = { id: 'TASK-01', title: 't', dependsOn: [], filesInScope: scope, verifyBy: [] };
  const progressPath = join(repo.dir, '.baton/runs/R/TASK-01_progress.md');
  const progress = (body: string) => repo.write('.baton/runs/R/TASK-01_progress.md', body);
  const gate = (dirtyAtStart?: Map<string, string | undefined>) =>
    checkGate({
      root: repo.dir,
      task,
      progressPath,
      startCommit: start,
      ...(dirtyAtStart ? { dirtyAtStart } : {}),
    });
  return { repo, progress, gate };
}

const done = (files: string) => `- Status: COMPLETED\n- Files changed:\n${files}\n`;

describe('the committer gate', () => {
  it('passes when every listed file really changed, whatever the action', () => {
    const { repo, progress, gate } = setup();
    repo.write('src/a.js', 'a changed\n');
    repo.write('src/new.js', 'new\n');
    rmSync(join(repo.dir, 'src/b.js'));
    progress(done('  - `src/a.js` — MODIFY\n  - `src/new.js` — CREATE\n  - `src/b.js` — DELETE'));
    const r = gate();
    expect(r.pass).toBe(true);
    if (r.pass) expect(r.files.map((f) => f.path)).toEqual(['src/a.js', 'src/new.js', 'src/b.js']);
  });

  it('fails without a progress file, without COMPLETED, or without files', () => {
    const { progress, gate } = setup();
    expect(gate()).toMatchObject({ pass: false, reason: expect.stringContaining('not found') });
    progress('- Status: IN_PROGRESS\n- Files changed:\n  - `src/a.js` — MODIFY\n');
    expect(gate()).toMatchObject({
      pass: false,
      reason: 'progress file says Status IN_PROGRESS, not COMPLETED',
    });
    progress('- Status: COMPLETED\n- Files changed: none\n');
    expect(gate()).toMatchObject({ pass: false, reason: 'progress file lists no changed files' });
  });

  it('fails a progress file that lies: a listed file that did not change', () => {
    const { repo, progress, gate } = setup();
    repo.write('src/a.js', 'a changed\n');
    progress(done('  - `src/a.js` — MODIFY\n  - `src/b.js` — MODIFY'));
    expect(gate()).toMatchObject({
      pass: false,
      reason: 'progress file lists `src/b.js` as MODIFY, but it did not change since the task started',
    });
    progress(done('  - `src/ghost.js` — CREATE'));
    expect(gate()).toMatchObject({ pass: false, reason: expect.stringContaining('`src/ghost.js`') });
  });

  it("refuses files outside the task's scope, outside the repository, or in .git and .baton", () => {
    const { repo, progress, gate } = setup(['src/a.js']);
    repo.write('src/a.js', 'x\n');
    repo.write('src/b.js', 'y\n');
    progress(done('  - `src/a.js` — MODIFY\n  - `src/b.js` — MODIFY'));
    expect(gate()).toMatchObject({
      pass: false,
      reason: expect.stringContaining("outside the task's files in scope"),
    });
    for (const bad of ['../x.js', '/etc/passwd', '.git/config', '.baton/handoff.md']) {
      progress(done(`  - \`${bad}\` — MODIFY`));
      expect(gate().pass).toBe(false);
    }
  });

  it('does not count a file that was already changed before the run started', () => {
    const { repo, progress, gate } = setup();
    writeFileSync(join(repo.dir, 'src/a.js'), 'changed before the run\n');
    const blob = repo.git('hash-object', 'src/a.js');
    progress(done('  - `src/a.js` — MODIFY'));
    expect(gate(new Map([['src/a.js', blob]]))).toMatchObject({
      pass: false,
      reason: expect.stringContaining('already changed before the run started'),
    });
    repo.write('src/a.js', 'changed by the task\n');
    expect(gate(new Map([['src/a.js', blob]])).pass).toBe(true);
  });
});
