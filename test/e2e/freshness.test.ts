/**
 * Freshness as a user shares a handoff: a handoff committed on its own is still fresh, any other
 * change since is not, and a HEAD that went back is said to have moved back.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, DRAFT, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

describe('a committed handoff', () => {
  it('is still VALID after `git add .baton/handoff.md && git commit`, with an INFO line', () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    repo.git('add', '.baton/handoff.md');
    repo.git('commit', '-q', '-m', 'share the handoff');
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.stderr).toMatch(/^INFO: .*head: .*touches only the handoff and baton's folders: not movement/m);
    expect(v.status).toBe(0);
    expect(v.stdout).toMatch(/^VALID: /);
    // Two more commits of the handoff and a run record: still not movement; archive takes it.
    repo.write('.baton/runs/x/run.json', '{}\n');
    repo.commit('a run record');
    const a = baton(['archive'], { cwd: repo.dir });
    expect(a.stderr).not.toMatch(/STALE/);
    expect(a.status).toBe(0);
  });

  it('is STALE once a commit since touches anything else, even together with the handoff', () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.git('add', '.baton/handoff.md', 'src/a.ts');
    repo.git('commit', '-q', '-m', 'handoff and a change');
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(3);
    expect(v.stderr).toMatch(/^STALE: .*head: /m);
  });

  it('elsewhere in the tree (docs/HANDOFF.md) is still VALID after committing it alone', () => {
    const repo = scratch.repo();
    mkdirSync(join(repo.dir, 'docs'));
    expect(baton(['write', 'docs/HANDOFF.md'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    repo.git('add', 'docs/HANDOFF.md');
    repo.git('commit', '-q', '-m', 'share');
    const v = baton(['validate', 'docs/HANDOFF.md'], { cwd: repo.dir });
    expect(v.stderr).toMatch(/^INFO: /m);
    expect(v.status).toBe(0);
    // A change to another file in docs/ is movement.
    writeFileSync(join(repo.dir, 'docs', 'other.md'), 'x\n');
    repo.git('add', 'docs/other.md');
    repo.git('commit', '-q', '-m', 'other doc');
    expect(baton(['validate', 'docs/HANDOFF.md'], { cwd: repo.dir }).status).toBe(3);
  });

  it('--format context-kit with --current-head keeps the exact comparison: a different head is STALE', () => {
    const repo = scratch.repo();
    expect(baton(['write', '--format', 'context-kit'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    repo.git('add', '.context-kit/handoff.md');
    const head = repo.commit('share');
    const v = baton(['validate', '--format', 'context-kit', '--current-head', head], { cwd: repo.dir });
    expect(v.status).toBe(3);
  });
});

describe('a HEAD that went back', () => {
  it('is reported as moved back by N commits, not as history rewritten', () => {
    const repo = scratch.repo();
    repo.write('src/a.ts', 'export const a = 5;\n');
    repo.commit('one more');
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    repo.git('reset', '-q', '--hard', 'HEAD~1');
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(3);
    expect(v.stderr).toMatch(
      /^STALE: .*head: .*moved back by 1 commit: HEAD is an ancestor of the saved HEAD/m,
    );
    expect(v.stderr).not.toContain('rewritten');
  });
});

describe('bad --current-* values', () => {
  it('refuses --current-worktree-state weird (64)', () => {
    const repo = scratch.repo();
    const v = baton(['validate', '--current-worktree-state', 'weird'], { cwd: repo.dir });
    expect(v.status).toBe(64);
    expect(v.stderr).toMatch(/--current-worktree-state must be one of clean, dirty/);
  });
});

describe('the git-process budget of validate', () => {
  it('at most 3 git processes when HEAD has not moved; 2 more only when HEAD moved', async () => {
    const { validateFile } = await import('../../src/validate/validate.js');
    const { gitProcessCount } = await import('../../src/provenance/git.js');
    const repo = scratch.repo();
    repo.git('checkout', '-q', '-b', 'feature');
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const path = join(repo.dir, '.baton', 'handoff.md');
    let before = gitProcessCount();
    expect((await validateFile(path)).verdict).toBe('VALID');
    expect(gitProcessCount() - before).toBeLessThanOrEqual(3);
    repo.git('add', '.baton/handoff.md');
    repo.git('commit', '-q', '-m', 'share');
    before = gitProcessCount();
    expect((await validateFile(path)).verdict).toBe('VALID');
    expect(gitProcessCount() - before).toBeLessThanOrEqual(5);
  });
});

describe('paths the way a shell user means them', () => {
  it('an explicit path is relative to the working directory for validate, write, resume, archive, convert and context', () => {
    const repo = scratch.repo();
    const sub = join(repo.dir, 'src');
    const w = baton(['write', 'here.md'], { cwd: sub, input: DRAFT });
    expect(w.status, w.stderr).toBe(0);
    const path = join(sub, 'here.md');
    expect(baton(['validate', 'here.md'], { cwd: sub }).stdout).toBe(`VALID: ${path}\n`);
    expect(baton(['validate', './here.md'], { cwd: sub }).status).toBe(0);
    expect(baton(['validate', '../src/here.md'], { cwd: sub }).status).toBe(0);
    expect(baton(['resume', 'here.md'], { cwd: sub }).status).toBe(0);
    expect(baton(['convert', 'here.md', '--to', 'json'], { cwd: sub }).status).toBe(0);
    expect(baton(['context', 'here.md'], { cwd: sub }).status).toBe(0);
    expect(baton(['archive', 'here.md'], { cwd: sub }).status).toBe(0);
    // The same name from the root is another file, and it does not exist.
    const missing = baton(['validate', 'here.md'], { cwd: repo.dir });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(join(repo.dir, 'here.md'));
  });

  it('the default and $BATON_HANDOFF_PATH still resolve from the repository root', () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const sub = join(repo.dir, 'src');
    expect(baton(['validate'], { cwd: sub }).status).toBe(0);
    expect(baton(['validate'], { cwd: sub, env: { BATON_HANDOFF_PATH: '.baton/handoff.md' } }).status).toBe(
      0,
    );
  });
});
