import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, DRAFT, frontMatter, hasStackTrace, Scratch, type TempRepo } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const HANDOFF = '.baton/handoff.md';

/** A repository with a fresh handoff written by baton; returns the repository and the handoff path. */
function withHandoff(): { repo: TempRepo; path: string } {
  const repo = scratch.repo();
  const w = baton(['write'], { cwd: repo.dir, input: DRAFT });
  expect(w.status, w.stderr).toBe(0);
  return { repo, path: join(repo.dir, HANDOFF) };
}

/** A copy of a handoff with some front matter values replaced (the body, and so its hash, unchanged). */
function variant(from: string, to: string, replace: Record<string, string>): void {
  let text = readFileSync(from, 'utf8');
  for (const [key, value] of Object.entries(replace)) {
    const re = new RegExp(`^${key}: .*$`, 'm');
    expect(text).toMatch(re);
    text = text.replace(re, `${key}: ${value}`);
  }
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, text);
}

describe('baton validate: verdicts and exit codes', () => {
  it('a fresh handoff is VALID (0)', () => {
    const { repo, path } = withHandoff();
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
    expect(v.stderr).not.toMatch(/^(INVALID|MISMATCH|STALE|UNTRUSTED)/m);
  });

  it('after a new commit it is STALE (3) with a `STALE: <path>: head: saved X, now Y` line', () => {
    const { repo, path } = withHandoff();
    const saved = repo.head();
    repo.write('src/a.ts', 'export const a = 10;\n');
    const now = repo.commit('change a');
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(3);
    expect(v.stdout).toBe('');
    expect(v.errLines.some((l) => l.startsWith(`STALE: ${path}: head: saved ${saved}, now ${now}`))).toBe(
      true,
    );
    expect(v.stderr).not.toMatch(/^MISMATCH/m);
  });

  it('an uncommitted edit is STALE (3) on worktree_state', () => {
    const { repo, path } = withHandoff();
    repo.write('src/b.ts', 'export const b = 20;\n');
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(3);
    expect(v.errLines).toContain(`STALE: ${path}: worktree_state: saved clean, now dirty`);
  });

  it('on another branch it is MISMATCH (2), reported with its stale lines too', () => {
    const { repo, path } = withHandoff();
    const saved = repo.head();
    repo.git('switch', '-q', '-c', 'other');
    repo.write('src/a.ts', 'export const a = 10;\n');
    const now = repo.commit('on other');
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(2);
    expect(v.stdout).toBe('');
    expect(v.errLines).toContain(`MISMATCH: ${path}: branch: saved main, now other`);
    expect(v.errLines.some((l) => l.startsWith(`STALE: ${path}: head: saved ${saved}, now ${now}`))).toBe(
      true,
    );
  });

  it('a switch to another branch at the same commit is still MISMATCH (2)', () => {
    const { repo, path } = withHandoff();
    repo.git('switch', '-q', '-c', 'other');
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(2);
    expect(v.errLines).toContain(`MISMATCH: ${path}: branch: saved main, now other`);
  });

  it('one byte of the body edited is UNTRUSTED (4)', () => {
    const { repo, path } = withHandoff();
    const bytes = readFileSync(path);
    const at = bytes.indexOf('is written and tested');
    expect(at).toBeGreaterThan(0);
    bytes[at + 1] = 'z'.charCodeAt(0); // "is" → "iz"
    writeFileSync(path, bytes);
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(4);
    expect(v.stdout).toBe('');
    expect(v.errLines.some((l) => l.startsWith(`UNTRUSTED: ${path}: content_hash:`))).toBe(true);
  });

  it('a malformed handoff is INVALID (1) with a line number', () => {
    const { repo, path } = withHandoff();
    const text = readFileSync(path, 'utf8').replace(/^status: .*$/m, 'status: finished-ish');
    writeFileSync(path, text);
    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(1);
    expect(v.stdout).toBe('');
    expect(v.errLines.some((l) => new RegExp(`^INVALID: ${path}:\\d+: .*status`).test(l))).toBe(true);
    expect(hasStackTrace(v.stderr)).toBe(false);
  });

  it('-q prints nothing on stdout for a VALID handoff', () => {
    const { repo } = withHandoff();
    const v = baton(['validate', '-q'], { cwd: repo.dir });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe('');
  });
});

describe('baton validate --json', () => {
  it('prints one report object {verdict, exitCode, path, format, findings, stats}', () => {
    const { repo, path } = withHandoff();
    repo.write('src/a.ts', 'export const a = 10;\n');
    const now = repo.commit('change a');
    const v = baton(['validate', '--json'], { cwd: repo.dir });
    expect(v.status).toBe(3);
    const report = JSON.parse(v.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ verdict: 'STALE', exitCode: 3, path, format: 'baton' });
    expect(Array.isArray(report.findings)).toBe(true);
    const stats = report.stats as Record<string, unknown>;
    expect(typeof stats.bytes).toBe('number');
    expect(typeof stats.lines).toBe('number');
    expect(typeof stats.items).toBe('number');
    expect(stats.bytes).toBe(readFileSync(path).length);
    const head = (report.findings as Record<string, unknown>[]).find((f) => f.field === 'head');
    expect(head).toMatchObject({ code: expect.any(String), current: now, message: expect.any(String) });
  });

  it('each finding carries `verdict` (FORMATS.md §2: findings: [{verdict, code, field?, saved?, current?, message, line?}])', () => {
    const { repo } = withHandoff();
    repo.git('switch', '-q', '-c', 'other');
    const v = baton(['validate', '--json'], { cwd: repo.dir });
    expect(v.status).toBe(2);
    const report = JSON.parse(v.stdout) as { findings: Record<string, unknown>[] };
    const branch = report.findings.find((f) => f.field === 'branch');
    expect(branch).toMatchObject({ verdict: 'MISMATCH', saved: 'main', current: 'other' });
    for (const f of report.findings) {
      expect(Object.keys(f)).toContain('verdict');
      expect(Object.keys(f)).toContain('code');
      expect(Object.keys(f)).toContain('message');
    }
  });
});

describe('baton validate: several handoffs', () => {
  /**
   * `hs/` (ignored by git, so it does not dirty the tree) gets copies of the fresh handoff with
   * front matter changed: the body and its hash stay as written.
   */
  function copies(): { repo: TempRepo; path: string; first: string } {
    const repo = scratch.repo();
    const first = repo.head();
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.commit('change a');
    writeFileSync(join(repo.dir, '.git/info/exclude'), 'hs/\n');
    const w = baton(['write'], { cwd: repo.dir, input: DRAFT });
    expect(w.status, w.stderr).toBe(0);
    const path = join(repo.dir, HANDOFF);
    variant(path, join(repo.dir, 'hs/valid.md'), {});
    variant(path, join(repo.dir, 'hs/stale.md'), { head: first });
    variant(path, join(repo.dir, 'hs/mismatch.md'), { branch: 'other' });
    const untrusted = readFileSync(path, 'utf8').replace('is written and tested', 'iz written and tested');
    writeFileSync(join(repo.dir, 'hs/untrusted.md'), untrusted);
    writeFileSync(join(repo.dir, 'hs/invalid.md'), '---\nschema: baton/handoff-v1\n---\n# nothing\n');
    return { repo, path, first };
  }

  it('returns the worst exit code (1 > 4 > 2 > 3 > 0) and reports each file', () => {
    const { repo, path } = copies();
    const hs = (n: string) => join(repo.dir, 'hs', n);
    const run = (...p: string[]) => baton(['validate', ...p], { cwd: repo.dir }).status;
    expect(run(HANDOFF, 'hs/valid.md')).toBe(0);
    expect(run(HANDOFF, 'hs/stale.md')).toBe(3);
    expect(run('hs/stale.md', 'hs/mismatch.md', HANDOFF)).toBe(2);
    expect(run('hs/mismatch.md', 'hs/untrusted.md')).toBe(4);
    expect(run('hs/untrusted.md', 'hs/invalid.md', HANDOFF)).toBe(1);

    const mixed = baton(['validate', HANDOFF, 'hs/stale.md'], { cwd: repo.dir });
    expect(mixed.stdout).toBe(`VALID: ${path}\n`);
    expect(mixed.errLines.some((l) => l.startsWith(`STALE: ${hs('stale.md')}: head:`))).toBe(true);
  });

  it('a folder stands for every handoff in it; the worst verdict wins', () => {
    const { repo } = copies();
    const v = baton(['validate', 'hs'], { cwd: repo.dir });
    expect(v.status).toBe(1);
    for (const name of ['invalid', 'mismatch', 'stale', 'untrusted']) {
      expect(v.stderr).toContain(join(repo.dir, 'hs', `${name}.md`));
    }
    expect(v.stdout).toContain(`VALID: ${join(repo.dir, 'hs/valid.md')}`);

    const json = baton(['validate', '--json', 'hs', HANDOFF], { cwd: repo.dir });
    expect(json.status).toBe(1);
    const out = JSON.parse(json.stdout) as {
      verdict: string;
      exitCode: number;
      reports: { verdict: string }[];
    };
    expect(out.verdict).toBe('INVALID');
    expect(out.exitCode).toBe(1);
    expect(out.reports.map((r) => r.verdict).sort()).toEqual(
      ['INVALID', 'MISMATCH', 'STALE', 'UNTRUSTED', 'VALID', 'VALID'].sort(),
    );
  });
});

describe('baton validate --no-git --format context-kit', () => {
  function ckRepo(): { repo: TempRepo; fm: Record<string, string> } {
    const repo = scratch.repo();
    const w = baton(['write', '--format', 'context-kit'], { cwd: repo.dir, input: DRAFT });
    expect(w.status, w.stderr).toBe(0);
    return { repo, fm: frontMatter(readFileSync(join(repo.dir, '.context-kit/handoff.md'), 'utf8')) };
  }
  const ck = (repo: TempRepo, ...flags: string[]) =>
    baton(['validate', '--no-git', '--format', 'context-kit', ...flags], { cwd: repo.dir });

  it('with no --current-* values: VALID (0)', () => {
    const { repo } = ckRepo();
    // Even after the repository moved on: without git, only the given values are compared.
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.commit('change a');
    const v = ck(repo);
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${join(repo.dir, '.context-kit/handoff.md')}\n`);
  });

  it('all --current-* values equal: VALID (0)', () => {
    const { repo, fm } = ckRepo();
    const v = ck(
      repo,
      `--current-repository=${fm.repository}`,
      `--current-branch=${fm.branch}`,
      `--current-base-ref=${fm.base_ref}`,
      `--current-head=${fm.head}`,
      `--current-base-commit=${fm.base_commit}`,
      `--current-worktree-state=${fm.worktree_state}`,
    );
    expect(v.status).toBe(0);
  });

  it('a different branch is MISMATCH (2), a different head is STALE (3), both is MISMATCH (2)', () => {
    const { repo, fm } = ckRepo();
    const path = join(repo.dir, '.context-kit/handoff.md');
    const branch = ck(repo, '--current-branch', 'other');
    expect(branch.status).toBe(2);
    expect(branch.errLines).toContain(`MISMATCH: ${path}: branch: saved main, now other`);
    const head = ck(repo, '--current-head', 'abcdef0');
    expect(head.status).toBe(3);
    expect(
      head.errLines.some((l) => l.startsWith(`STALE: ${path}: head: saved ${fm.head}, now abcdef0`)),
    ).toBe(true);
    expect(ck(repo, '--current-head', 'abcdef0', '--current-branch', 'other').status).toBe(2);
    expect(ck(repo, '--current-repository', 'acme/other').status).toBe(2);
    expect(ck(repo, '--current-worktree-state', 'dirty').status).toBe(3);
  });
});

describe('baton validate: path resolution', () => {
  it('without an argument, uses .baton/handoff.md at the repository root, even from a subfolder', () => {
    const { repo, path } = withHandoff();
    const v = baton(['validate'], { cwd: join(repo.dir, 'src') });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
  });

  it('honours $BATON_HANDOFF_PATH, relative to the repository root', () => {
    const repo = scratch.repo();
    const env = { BATON_HANDOFF_PATH: 'docs/handoff.md' };
    const w = baton(['write'], { cwd: join(repo.dir, 'src'), input: DRAFT, env });
    expect(w.status, w.stderr).toBe(0);
    const path = join(repo.dir, 'docs/handoff.md');
    expect(readFileSync(path, 'utf8')).toContain('schema: baton/handoff-v1');
    const v = baton(['validate'], { cwd: join(repo.dir, 'src'), env });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
    // Without the variable the default is used, and there is none.
    const none = baton(['validate'], { cwd: join(repo.dir, 'src') });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain(join(repo.dir, HANDOFF));
  });

  it('an explicit relative path resolves from the working directory, as in every Unix tool', () => {
    const { repo, path } = withHandoff();
    const v = baton(['validate', `../${HANDOFF}`], { cwd: join(repo.dir, 'src') });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
    const wrong = baton(['validate', HANDOFF], { cwd: join(repo.dir, 'src') });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(join(repo.dir, 'src', HANDOFF));
  });

  it('an explicit path wins over $BATON_HANDOFF_PATH', () => {
    const { repo, path } = withHandoff();
    const v = baton(['validate', HANDOFF], { cwd: repo.dir, env: { BATON_HANDOFF_PATH: 'nope/missing.md' } });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
  });

  it('a handoff in a linked worktree (git worktree add) is written and validated from the worktree', () => {
    const repo = scratch.repo();
    const wt = join(dirname(repo.dir), 'linked wt');
    repo.git('worktree', 'add', '-q', '-b', 'feature', wt);
    const w = baton(['write'], { cwd: join(wt, 'src'), input: DRAFT });
    expect(w.status, w.stderr).toBe(0);
    const path = join(wt, HANDOFF);
    const fm = frontMatter(readFileSync(path, 'utf8'));
    expect(fm.branch).toBe('feature');
    expect(fm.worktree).toBe(wt);
    expect(fm.head).toBe(repo.head());
    const v = baton(['validate'], { cwd: wt });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
    const fromSub = baton(['validate'], { cwd: join(wt, 'src') });
    expect(fromSub.stdout).toBe(`VALID: ${path}\n`);
    // The main work tree has no handoff of its own.
    expect(baton(['validate'], { cwd: repo.dir }).status).toBe(1);
    // A commit in the worktree makes it stale there.
    writeFileSync(join(wt, 'src/a.ts'), 'export const a = 10;\n');
    const g = (...args: string[]) => repo.git('-C', wt, ...args);
    g('add', '-A', 'src');
    g('commit', '-q', '-m', 'feature work');
    expect(baton(['validate'], { cwd: wt }).status).toBe(3);
  });
});
