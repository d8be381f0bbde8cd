/**
 * Globs as users write them (picomatch's dialect), in the one module every user of `Files in
 * scope` calls: the resume claim selection, the run's scope guardrail and the committer's gate.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { globCovers, isGlob, matchesPath } from '../../src/glob/index.js';
import type { PlanTask } from '../../src/plan/types.js';
import { touches } from '../../src/resume/affected.js';
import { checkGate } from '../../src/run/gate.js';
import { scopeViolations } from '../../src/run/guardrails.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

const task = (filesInScope: string[]): PlanTask => ({
  id: 'TASK-01',
  title: 't',
  dependsOn: [],
  filesInScope,
  verifyBy: [],
});

describe('the glob dialect', () => {
  it('reads character classes and braces', () => {
    expect(matchesPath('src/[ab].ts', 'src/a.ts')).toBe(true);
    expect(matchesPath('src/[ab].ts', 'src/c.ts')).toBe(false);
    expect(matchesPath('src/[a-c]*.ts', 'src/beta.ts')).toBe(true);
    expect(matchesPath('src/{a,b}.ts', 'src/b.ts')).toBe(true);
    expect(matchesPath('{src,test}/**/*.ts', 'test/x/y.ts')).toBe(true);
    expect(matchesPath('{src,test}/**/*.ts', 'docs/y.ts')).toBe(false);
    expect(matchesPath('src/v{1..3}.ts', 'src/v2.ts')).toBe(true);
  });

  it('keeps the rules users rely on: * in one part, ** across parts, dot files, folders cover their contents', () => {
    expect(matchesPath('src/*.ts', 'src/deep/a.ts')).toBe(false);
    expect(matchesPath('src/*', 'src/deep/a.ts')).toBe(true); // inside src/deep, which src/* matches
    expect(matchesPath('src/*.ts', 'src/a.tsx')).toBe(false);
    expect(matchesPath('src/**', 'src/.env')).toBe(true);
    expect(matchesPath('src/**/*.ts', 'src/z.ts')).toBe(true);
    expect(matchesPath('src', 'src/a/b.ts')).toBe(true);
    expect(matchesPath('src/?.ts', 'src/ab.ts')).toBe(false);
  });

  it('treats a backslash as making the next character literal', () => {
    expect(isGlob('src/\\[ab\\].ts')).toBe(false);
    expect(matchesPath('src/\\[ab\\].ts', 'src/[ab].ts')).toBe(true);
    expect(matchesPath('src/\\[ab\\].ts', 'src/a.ts')).toBe(false);
  });

  it('says when one pattern covers another', () => {
    expect(globCovers('src/**', 'src/a/*.ts')).toBe(true);
    expect(globCovers('src/**', 'src/{a,b}.ts')).toBe(true);
    expect(globCovers('src/**', 'lib/*.ts')).toBe(false);
    expect(globCovers('src/[ab].ts', 'src/a.ts')).toBe(true);
    expect(globCovers('src/*.ts', 'src/*.ts')).toBe(true);
  });
});

describe('every user of a glob', () => {
  it('resume: a claim naming `src/[ab].ts` or `src/{a,b}.ts` is touched by a change to src/a.ts', () => {
    expect(touches('src/[ab].ts', 'src/a.ts')).toBe(true);
    expect(touches('src/{a,b}.ts', 'src/b.ts')).toBe(true);
    expect(touches('src/{a,b}.ts', 'src/c.ts')).toBe(false);
  });

  it('run guardrail: remaining work on src/a.ts stays inside `src/[ab].ts` and `src/{a,b}.ts`', () => {
    const repo = createTempRepo();
    repos.push(repo);
    const spec = { title: 'finish', files_in_scope: ['src/a.ts'], verify_by: ['true'] };
    expect(scopeViolations([spec], task(['src/[ab].ts']), repo.dir)).toEqual([]);
    expect(scopeViolations([spec], task(['src/{a,b}.ts']), repo.dir)).toEqual([]);
    expect(scopeViolations([spec], task(['src/{b,c}.ts']), repo.dir)).toEqual(['src/a.ts']);
  });

  it('committer gate: a listed src/a.ts is inside `src/[ab].ts`', () => {
    const repo = createTempRepo();
    repos.push(repo);
    repo.write('src/a.ts', 'a\n');
    const start = repo.commit('base');
    writeFileSync(join(repo.dir, 'src/a.ts'), 'changed\n');
    repo.write(
      '.baton/runs/R/TASK-01_progress.md',
      '- Status: COMPLETED\n- Files changed:\n  - `src/a.ts` — MODIFY\n',
    );
    const gate = (scope: string[]) =>
      checkGate({
        root: repo.dir,
        task: task(scope),
        progressPath: join(repo.dir, '.baton/runs/R/TASK-01_progress.md'),
        startCommit: start,
      });
    expect(gate(['src/[ab].ts']).pass).toBe(true);
    expect(gate(['src/{a,b}.ts']).pass).toBe(true);
    expect(gate(['src/[bc].ts']).pass).toBe(false);
  });
});
