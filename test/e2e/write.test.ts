import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  baton,
  DRAFT,
  draftWithDone,
  draftWithNotes,
  frontMatter,
  hasStackTrace,
  listFiles,
  Scratch,
  snapshot,
} from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

describe('baton write', () => {
  it('writes a draft from stdin with id, time, provenance and hash, and it validates VALID', () => {
    const repo = scratch.repo();
    const w = baton(['write'], { cwd: repo.dir, input: DRAFT });
    expect(w.stderr).not.toMatch(/^\s+at /m);
    expect(w.status).toBe(0);
    const path = join(repo.dir, '.baton/handoff.md');
    expect(existsSync(path)).toBe(true);
    const fm = frontMatter(readFileSync(path, 'utf8'));
    expect(fm.schema).toBe('baton/handoff-v1');
    expect(fm.id).toMatch(ULID);
    expect(fm.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    expect(fm.from).toBe('builder');
    expect(fm.status).toBe('in-progress');
    expect(fm.repository).toMatch(/^root:[0-9a-f]{12}$/);
    expect(fm.worktree).toBe(repo.dir);
    expect(fm.branch).toBe('main');
    expect(fm.head).toBe(repo.head());
    expect(fm.base_ref).toBe('main');
    expect(fm.base_commit).toBe(repo.head());
    expect(fm.worktree_state).toBe('clean');
    expect(fm.content_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(w.stdout).toContain(path);

    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
  });

  it('moves the previous handoff to .baton/history byte-identical and names it as parent', () => {
    const repo = scratch.repo();
    const path = join(repo.dir, '.baton/handoff.md');
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const old = readFileSync(path);
    const oldFm = frontMatter(old.toString('utf8'));

    const second = baton(['write'], { cwd: repo.dir, input: DRAFT });
    expect(second.status).toBe(0);
    const history = readdirSync(join(repo.dir, '.baton/history'));
    expect(history).toHaveLength(1);
    const name = history[0] as string;
    // `<created_at>-<id>.md`; the time may be written without `-` and `:` to be a safe file name.
    const compact = (oldFm.created_at as string).replace(/[-:]/g, '');
    expect([`${oldFm.created_at}-${oldFm.id}.md`, `${compact}-${oldFm.id}.md`]).toContain(name);
    expect(readFileSync(join(repo.dir, '.baton/history', name)).equals(old)).toBe(true);

    const fm = frontMatter(readFileSync(path, 'utf8'));
    expect(fm.parent).toBe(oldFm.id);
    expect(fm.id).not.toBe(oldFm.id);
    // The history folder does not make the tree dirty and the new handoff is VALID.
    expect(fm.worktree_state).toBe('clean');
    expect(baton(['validate'], { cwd: repo.dir }).status).toBe(0);
  });

  it('--format context-kit writes .context-kit/handoff.md that context-kit validation accepts', () => {
    const repo = scratch.repo();
    const w = baton(['write', '--format', 'context-kit'], { cwd: repo.dir, input: DRAFT });
    expect(w.status).toBe(0);
    const path = join(repo.dir, '.context-kit/handoff.md');
    const text = readFileSync(path, 'utf8');
    expect(text).toMatch(/^---\nschema: context-kit\/handoff-v1\n/);
    expect(text).toContain('\n# Context Handoff\n');
    expect(existsSync(join(repo.dir, '.baton/handoff.md'))).toBe(false);

    const v = baton(['validate', '--format', 'context-kit'], { cwd: repo.dir });
    expect(v.stderr).toBe('');
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
    const noGit = baton(['validate', '--format', 'context-kit', '--no-git'], { cwd: repo.dir });
    expect(noGit.status).toBe(0);
  });

  it('refuses a draft over the line cap, names the section to fold, and writes nothing', () => {
    const repo = scratch.repo();
    const path = join(repo.dir, '.baton/handoff.md');
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const before = snapshot(path);
    const filesBefore = listFiles(join(repo.dir, '.baton'));

    const notes = Array.from({ length: 400 }, (_, i) => `note line ${i + 1}`).join('\n');
    const w = baton(['write'], { cwd: repo.dir, input: draftWithNotes(notes) });
    expect(w.status).toBe(1);
    expect(hasStackTrace(w.stderr)).toBe(false);
    expect(w.stdout).toBe('');
    const fold = w.errLines.find((l) => l.includes('## Notes'));
    expect(fold, w.stderr).toBeDefined();
    // By how much: the number of lines over the cap.
    expect(fold).toMatch(/\d+ over the 300-line cap/);
    expect(w.stderr).toMatch(/nothing was written/);

    const after = snapshot(path);
    expect(after.bytes.equals(before.bytes)).toBe(true);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(listFiles(join(repo.dir, '.baton'))).toEqual(filesBefore);
  });

  it('refuses a draft with 30 Done items, says how many to fold, and writes nothing', () => {
    const repo = scratch.repo();
    const items = Array.from({ length: 30 }, (_, i) => `- [x] item ${i + 1}`);
    const w = baton(['write'], { cwd: repo.dir, input: draftWithDone(items) });
    expect(w.status).toBe(1);
    expect(hasStackTrace(w.stderr)).toBe(false);
    const fold = w.errLines.find((l) => l.includes('## Done') && /fold/.test(l));
    expect(fold, w.stderr).toBeDefined();
    expect(fold).toMatch(/30/);
    expect(fold).toMatch(/5 over/);
    // Nothing at all: no handoff, no temporary file, no history.
    expect(listFiles(join(repo.dir, '.baton'))).toEqual([]);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('refuses a draft over the byte cap (one 40,000-character Notes line) and says by how much', () => {
    const repo = scratch.repo();
    const w = baton(['write'], { cwd: repo.dir, input: draftWithNotes('y'.repeat(40_000)) });
    expect(w.status).toBe(1);
    expect(w.stderr).toMatch(/## Notes/);
    expect(w.stderr).toMatch(/\d+ over the 32768-byte cap/);
    expect(listFiles(join(repo.dir, '.baton'))).toEqual([]);
  });

  it('writes a JSON draft', () => {
    const repo = scratch.repo();
    const draft = {
      from: 'planner',
      status: 'in-progress',
      title: 'JSON draft',
      goal: 'Ship the sum function.',
      summary: 'Half done.',
      done: [{ text: 'Wrote `src/a.ts`', result: 'unverified' }],
      remaining: [{ title: 'Finish', files_in_scope: ['src/**'], verify_by: ['node -e "process.exit(0)"'] }],
    };
    const w = baton(['write'], { cwd: repo.dir, input: JSON.stringify(draft) });
    expect(w.stderr).toBe('');
    expect(w.status).toBe(0);
    const text = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    const fm = frontMatter(text);
    expect(fm.from).toBe('planner');
    expect(fm.head).toBe(repo.head());
    expect(text).toContain('\n# JSON draft\n');
    expect(text).toContain('Ship the sum function.');
    expect(text).toContain('### Finish');
    expect(baton(['validate'], { cwd: repo.dir }).status).toBe(0);
  });

  it('--json prints the written handoff', () => {
    const repo = scratch.repo();
    const w = baton(['write', '--json', '--to', 'verifier'], { cwd: repo.dir, input: DRAFT });
    expect(w.status).toBe(0);
    const out = JSON.parse(w.stdout) as { path: string; handoff: { id: string; to: string } };
    expect(out.path).toBe(join(repo.dir, '.baton/handoff.md'));
    expect(out.handoff.id).toMatch(ULID);
    expect(out.handoff.to).toBe('verifier');
  });

  it('refuses a draft without `from` (exit 1), and --from supplies it', () => {
    const repo = scratch.repo();
    const noFrom = DRAFT.replace('from: builder\n', '');
    const w = baton(['write'], { cwd: repo.dir, input: noFrom });
    expect(w.status).toBe(1);
    expect(w.stderr).toMatch(/`?from`?/);
    expect(hasStackTrace(w.stderr)).toBe(false);
    expect(listFiles(join(repo.dir, '.baton'))).toEqual([]);

    const ok = baton(['write', '--from', 'claude-code:3f2a'], { cwd: repo.dir, input: noFrom });
    expect(ok.status).toBe(0);
    expect(frontMatter(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).from).toBe(
      'claude-code:3f2a',
    );
  });

  it('--status bogus is a usage error (64) and writes nothing', () => {
    const repo = scratch.repo();
    const w = baton(['write', '--status', 'bogus'], { cwd: repo.dir, input: DRAFT });
    expect(w.status).toBe(64);
    expect(w.errLines).toHaveLength(1);
    expect(w.stderr).toMatch(/--status/);
    expect(listFiles(join(repo.dir, '.baton'))).toEqual([]);
  });

  it('leaves the tree neither dirty nor stale: validate right after is VALID, also after rewriting', () => {
    const repo = scratch.repo();
    for (let i = 0; i < 2; i++) {
      expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
      const v = baton(['validate'], { cwd: repo.dir });
      expect(v.stderr.split('\n').filter((l) => /^(STALE|MISMATCH|INVALID|UNTRUSTED)/.test(l))).toEqual([]);
      expect(v.status).toBe(0);
    }
    // Nothing of the repository's own files changed.
    expect(repo.git('status', '--porcelain', '--', '.', ':(exclude).baton')).toBe('');
  });

  it('writes to a path outside .baton and keeps that handoff VALID while untracked', () => {
    const repo = scratch.repo();
    const w = baton(['write', '../docs/handoff.md'], { cwd: join(repo.dir, 'src'), input: DRAFT });
    expect(w.status).toBe(0);
    const path = join(repo.dir, 'docs/handoff.md');
    expect(frontMatter(readFileSync(path, 'utf8')).worktree_state).toBe('clean');
    const v = baton(['validate', 'docs/handoff.md'], { cwd: repo.dir });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
  });
});
