/**
 * `.git/` is not "inside the repository" (issue 20 item 2): no command writes or reads a path
 * whose real place is in git's own folder, through a planted symlink or named outright, and the
 * repository's own files keep working afterwards.
 */
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, DRAFT, hasStackTrace, listFiles, Scratch, snapshot } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

// A remote URL with a credential in it: what an echo of .git/config would leak.
const SECRET = 'https://user:hunter2-secret@example.com/repo.git';

function repoWithSecret() {
  const repo = scratch.repo();
  repo.git('remote', 'add', 'origin', SECRET);
  mkdirSync(join(repo.dir, '.baton'), { recursive: true });
  return repo;
}

function refusedCleanly(r: ReturnType<typeof baton>): void {
  expect(r.status).toBe(1);
  expect(r.errLines[0]).toMatch(/^baton: .*inside git's own folder/);
  expect(hasStackTrace(r.stderr)).toBe(false);
  expect(r.stdout + r.stderr).not.toContain('hunter2');
  expect(r.stdout + r.stderr).not.toContain('[core]');
}

describe('a handoff path that leads into .git/', () => {
  it('baton write through .baton/handoff.md -> ../.git/config refuses and leaves .git/config as it was', () => {
    const repo = repoWithSecret();
    const config = join(repo.dir, '.git', 'config');
    const before = snapshot(config);
    symlinkSync('../.git/config', join(repo.dir, '.baton', 'handoff.md'));
    const w = baton(['write'], { cwd: repo.dir, input: DRAFT });
    refusedCleanly(w);
    expect(readFileSync(config)).toEqual(before.bytes);
    expect(listFiles(join(repo.dir, '.baton', 'history'))).toEqual([]);
    // git still works: the config was never replaced.
    expect(repo.git('config', 'remote.origin.url')).toBe(SECRET);
  });

  it('write refuses .git/ named outright, in any case and through a linked folder', () => {
    const repo = repoWithSecret();
    const config = join(repo.dir, '.git', 'config');
    const before = snapshot(config);
    symlinkSync('.git', join(repo.dir, 'dotgit'));
    for (const target of [
      '.git/config',
      '.GIT/config',
      '.git/hooks/pre-commit',
      'dotgit/config',
      'sub/../.git/HEAD',
    ]) {
      const w = baton(['write', target], { cwd: repo.dir, input: DRAFT });
      refusedCleanly(w);
    }
    expect(readFileSync(config)).toEqual(before.bytes);
    expect(listFiles(join(repo.dir, '.git', 'hooks')).filter((f) => !f.endsWith('.sample'))).toEqual([]);
  });

  it('validate, resume, archive, import, convert, write -i and run --plan never read .git/config', () => {
    const repo = repoWithSecret();
    symlinkSync('../.git/config', join(repo.dir, '.baton', 'handoff.md'));
    refusedCleanly(baton(['validate'], { cwd: repo.dir }));
    refusedCleanly(baton(['validate', '--json'], { cwd: repo.dir }));
    refusedCleanly(baton(['resume'], { cwd: repo.dir }));
    refusedCleanly(baton(['archive'], { cwd: repo.dir }));
    refusedCleanly(baton(['validate', '.git/HEAD'], { cwd: repo.dir }));
    refusedCleanly(baton(['import', '.git/config'], { cwd: repo.dir }));
    refusedCleanly(baton(['convert', '.baton/handoff.md', '--to', 'baton'], { cwd: repo.dir }));
    refusedCleanly(baton(['write', '-i', '.git/config', 'notes.md'], { cwd: repo.dir }));
    symlinkSync('.git/config', join(repo.dir, 'PLAN.md'));
    refusedCleanly(baton(['run', '--plan', 'PLAN.md', '--builder', 'true'], { cwd: repo.dir }));
  });

  it('a folder holding a link into .git/ reports that file as refused and quotes none of it', () => {
    const repo = repoWithSecret();
    mkdirSync(join(repo.dir, 'handoffs'));
    symlinkSync('../.git/config', join(repo.dir, 'handoffs', 'config.md'));
    const v = baton(['validate', '--json', 'handoffs'], { cwd: repo.dir });
    expect(v.status).toBe(1);
    expect(v.stdout).not.toContain('hunter2');
    const report = JSON.parse(v.stdout);
    expect(report.findings.map((f: { code: string }) => f.code)).toEqual(['outside-repository']);
  });

  it('a legal name that starts with two dots is inside: ..notes.md is written and read', () => {
    const repo = repoWithSecret();
    const w = baton(['write', '..notes.md'], { cwd: repo.dir, input: DRAFT });
    expect(w.status, w.stderr).toBe(0);
    const v = baton(['validate', '..notes.md'], { cwd: repo.dir });
    expect(v.status, v.stderr).not.toBe(1);
  });
});
