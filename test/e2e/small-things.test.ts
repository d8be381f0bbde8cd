/**
 * Issue 12's smaller things: docs/run.md's progress-file example passes the gate as written, a
 * bad `log --status` is refused, resume outside git does not claim the repository is unchanged,
 * and run output counts in words ("1 task", "1 attempt").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanTask } from '../../src/plan/types.js';
import { checkGate } from '../../src/run/gate.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { baton, DRAFT, Scratch } from './_helpers.js';

const scratch = new Scratch();
const repos: TempRepo[] = [];
afterEach(() => {
  scratch.cleanup();
  for (const r of repos.splice(0)) r.cleanup();
});

const RUN_DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'run.md'), 'utf8');

/** The gate's verdict on a progress file body, for a task that created src/sum.js and changed README.md. */
function gateOn(body: string) {
  const repo = createTempRepo();
  repos.push(repo);
  repo.write('README.md', '# calc\n');
  const start = repo.commit('base');
  repo.write('src/sum.js', 'export const sum = 1;\n');
  writeFileSync(join(repo.dir, 'README.md'), '# calc\n\nsum\n');
  repo.write('.baton/runs/R/TASK-01_progress.md', body);
  const task: PlanTask = { id: 'TASK-01', title: 't', dependsOn: [], filesInScope: [], verifyBy: [] };
  return checkGate({
    root: repo.dir,
    task,
    progressPath: join(repo.dir, '.baton/runs/R/TASK-01_progress.md'),
    startCommit: start,
  });
}

describe("docs/run.md's progress file", () => {
  it('the fenced example in "The committer" passes the gate as written', () => {
    const section = RUN_DOC.slice(RUN_DOC.indexOf('## The committer'));
    const example = /```markdown\n([\s\S]*?)```/.exec(section)?.[1];
    expect(example).toBeDefined();
    expect(gateOn(example as string)).toMatchObject({ pass: true });
  });

  it('the one-line form the text gives (`- `path` — CREATE` with no `Files changed:` line) passes too', () => {
    const inline = /`` (- `path` — CREATE)\|MODIFY\|DELETE ``/.exec(RUN_DOC)?.[1];
    expect(inline).toBe('- `path` — CREATE');
    const body = `- Status: COMPLETED\n${(inline as string).replace('path', 'src/sum.js')}\n- \`README.md\` — MODIFY\n`;
    expect(gateOn(body)).toMatchObject({ pass: true });
  });
});

describe('bad filter values', () => {
  it('log --status weird is refused (64); a real status is fine', () => {
    const repo = scratch.repo();
    const r = baton(['log', '--status', 'weird'], { cwd: repo.dir });
    expect(r.status).toBe(64);
    expect(r.stderr).toMatch(/--status must be one of in-progress, blocked, complete, failed, not "weird"/);
    expect(baton(['search', 'x', '--status', 'weird'], { cwd: repo.dir }).status).toBe(64);
    expect(baton(['log', '--status', 'complete'], { cwd: repo.dir }).status).toBe(0);
  });
});

describe('resume outside git', () => {
  it('does not say the repository is where the handoff left it', () => {
    const dir = scratch.plain();
    expect(baton(['write', 'h.md', '--no-git'], { cwd: dir, input: DRAFT }).status).toBe(0);
    const r = baton(['resume', 'h.md'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('The repository is where the handoff left it');
    expect(r.stdout).toContain('freshness not checked');
  });
});

describe('run output wording', () => {
  it('says "1 task" and "FAILED after 1 attempt"', () => {
    const repo = scratch.repo();
    const plan = join(scratch.plain(), 'plan.md');
    writeFileSync(plan, '# Plan: p\n\n## TASK-01: One\n- Verify by: `true`\n');
    const r = baton(['run', '--plan', plan, '--builder', 'true', '--max-attempts', '1'], {
      cwd: repo.dir,
      timeoutMs: 60_000,
    });
    expect(r.status).toBe(5);
    expect(r.stdout).toMatch(/\(1 task\)/);
    expect(r.stdout).toMatch(/FAILED after 1 attempt$/m);
    expect(r.stdout).not.toMatch(/1 tasks|1 attempts/);
  });
});
