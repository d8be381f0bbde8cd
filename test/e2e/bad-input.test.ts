import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  baton,
  DRAFT,
  draftWithNotes,
  frontMatter,
  hasStackTrace,
  listFiles,
  type Run,
  Scratch,
  snapshot,
} from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

/** A clear refusal: the exit code, no stack trace, no internal error, nothing on stdout. */
function refused(r: Run, code: number): void {
  expect(hasStackTrace(r.stderr), r.stderr).toBe(false);
  expect(r.status, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
}

describe('bad input to validate and resume', () => {
  it('a binary file (random bytes) is INVALID (1) in one line', () => {
    const repo = scratch.repo();
    const bytes = randomBytes(4096);
    bytes[0] = 0xff; // never valid UTF-8
    writeFileSync(join(repo.dir, 'bin.md'), bytes);
    const v = baton(['validate', 'bin.md'], { cwd: repo.dir });
    refused(v, 1);
    expect(v.errLines).toHaveLength(1);
    expect(v.errLines[0]).toMatch(/^INVALID: .*bin\.md: .*(UTF-8|binary)/);
    refused(baton(['resume', 'bin.md'], { cwd: repo.dir }), 1);
  });

  it('a file of 0xff bytes is INVALID (1) in one line', () => {
    const repo = scratch.repo();
    writeFileSync(join(repo.dir, 'ff.md'), Buffer.alloc(64, 0xff));
    const v = baton(['validate', 'ff.md'], { cwd: repo.dir });
    refused(v, 1);
    expect(v.errLines).toHaveLength(1);
    const j = baton(['validate', '--json', 'ff.md'], { cwd: repo.dir });
    expect(j.status).toBe(1);
    expect(JSON.parse(j.stdout)).toMatchObject({ verdict: 'INVALID', exitCode: 1 });
  });

  it('a 100 MB file is INVALID (1) quickly, without being read', () => {
    const repo = scratch.repo();
    const big = join(repo.dir, 'big.md');
    writeFileSync(big, '');
    truncateSync(big, 100 * 1024 * 1024); // sparse: no disk, and reading it would take long
    const v = baton(['validate', 'big.md'], { cwd: repo.dir });
    refused(v, 1);
    expect(v.errLines).toHaveLength(1);
    expect(v.errLines[0]).toMatch(/104857600 bytes/);
    expect(v.millis).toBeLessThan(5_000);
    const r = baton(['resume', 'big.md'], { cwd: repo.dir });
    refused(r, 1);
    expect(r.millis).toBeLessThan(5_000);
  });

  it('a missing file is INVALID (1) in one line naming it', () => {
    const repo = scratch.repo();
    const v = baton(['validate', 'nowhere/handoff.md'], { cwd: repo.dir });
    refused(v, 1);
    expect(v.errLines).toHaveLength(1);
    expect(v.errLines[0]).toContain(join(repo.dir, 'nowhere/handoff.md'));
    expect(v.errLines[0]).toMatch(/no such file/);
    const r = baton(['resume'], { cwd: repo.dir });
    refused(r, 1);
    expect(r.errLines[0]).toMatch(/no such file/);
  });

  it('resume of a folder: non-zero with a clear line', () => {
    const repo = scratch.repo();
    const r = baton(['resume', 'src'], { cwd: repo.dir });
    refused(r, 1);
    expect(r.errLines[0]).toMatch(/src.* is a folder/);
  });

  it('malformed front matter is INVALID (1) with a line number', () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const path = join(repo.dir, '.baton/handoff.md');
    const text = readFileSync(path, 'utf8').replace(/^from: builder$/m, 'from: [builder\n  - nested: yes');
    writeFileSync(path, text);
    const v = baton(['validate'], { cwd: repo.dir });
    refused(v, 1);
    expect(
      v.errLines.some((l) => new RegExp(`^INVALID: ${path}:\\d+: `).test(l)),
      v.stderr,
    ).toBe(true);
  });

  it('a single 30,000-character line is INVALID (1), cleanly', () => {
    const repo = scratch.repo();
    writeFileSync(join(repo.dir, 'long.md'), 'x'.repeat(30_000));
    const v = baton(['validate', 'long.md'], { cwd: repo.dir });
    refused(v, 1);
    expect(v.stderr.length).toBeLessThan(5_000);
  });

  it('a 30,000-character Notes line in a draft is handled cleanly: written VALID or refused', () => {
    const repo = scratch.repo();
    const w = baton(['write'], { cwd: repo.dir, input: draftWithNotes('n'.repeat(30_000)) });
    expect(hasStackTrace(w.stderr)).toBe(false);
    expect([0, 1]).toContain(w.status);
    if (w.status === 0) {
      expect(baton(['validate'], { cwd: repo.dir }).status).toBe(0);
    } else {
      expect(listFiles(join(repo.dir, '.baton'))).toEqual([]);
    }
  });

  it('a handoff outside any repository without provenance: format checked, INFO line, VALID (0)', () => {
    const dir = scratch.plain();
    const w = baton(['write', '--no-git'], { cwd: dir, input: DRAFT });
    expect(w.status).toBe(0);
    const path = join(dir, '.baton/handoff.md');
    expect(frontMatter(readFileSync(path, 'utf8')).head).toBeUndefined();
    const v = baton(['validate'], { cwd: dir });
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`VALID: ${path}\n`);
    expect(
      v.errLines.some((l) => /^INFO: .*(repository|provenance)/.test(l)),
      v.stderr,
    ).toBe(true);
    // The format is still checked there.
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^## Summary$/m, '## Sumary'));
    refused(baton(['validate'], { cwd: dir }), 1);
  });

  it('a handoff with provenance copied out of its repository: MISMATCH (2), saying there is no repository', () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const dir = scratch.plain();
    const copy = join(dir, 'handoff.md');
    copyFileSync(join(repo.dir, '.baton/handoff.md'), copy);
    const v = baton(['validate', copy], { cwd: dir });
    expect(hasStackTrace(v.stderr)).toBe(false);
    expect(v.status).toBe(2);
    expect(
      v.errLines.some((l) => /^INFO: .*not inside a git repository/.test(l)),
      v.stderr,
    ).toBe(true);
    expect(v.errLines).toContain(
      `MISMATCH: ${copy}: repository: saved ${frontMatter(readFileSync(copy, 'utf8')).repository}, now (none)`,
    );
    refused(baton(['resume', copy], { cwd: dir }), 2);
  });
});

describe('bad input to write', () => {
  /** A repository that already has a handoff, to prove a refused write leaves it alone. */
  function withHandoff() {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const path = join(repo.dir, '.baton/handoff.md');
    return { repo, path, before: snapshot(path), files: listFiles(join(repo.dir, '.baton')) };
  }
  function untouched(s: ReturnType<typeof withHandoff>): void {
    const after = snapshot(s.path);
    expect(after.bytes.equals(s.before.bytes)).toBe(true);
    expect(after.mtimeMs).toBe(s.before.mtimeMs);
    expect(listFiles(join(s.repo.dir, '.baton'))).toEqual(s.files);
  }

  it('a binary draft on stdin: 1, nothing written', () => {
    const s = withHandoff();
    const bytes = randomBytes(2048);
    bytes[0] = 0xff;
    const w = baton(['write'], { cwd: s.repo.dir, input: bytes });
    refused(w, 1);
    expect(w.stderr).toMatch(/UTF-8/);
    untouched(s);
  });

  it('a 100 MB draft file: 1 without a crash, nothing written', () => {
    const s = withHandoff();
    const big = join(s.repo.dir, 'big.md');
    writeFileSync(big, '');
    truncateSync(big, 100 * 1024 * 1024);
    const w = baton(['write', '--input', 'big.md'], { cwd: s.repo.dir });
    refused(w, 1);
    expect(w.millis).toBeLessThan(10_000);
    untouched(s);
  });

  it('a missing draft file: 1 in one line', () => {
    const s = withHandoff();
    const w = baton(['write', '--input', 'nope.md'], { cwd: s.repo.dir });
    refused(w, 1);
    expect(w.errLines).toHaveLength(1);
    expect(w.stderr).toMatch(/no such file/);
    untouched(s);
  });

  it('an empty draft: 1, nothing written', () => {
    const s = withHandoff();
    refused(baton(['write'], { cwd: s.repo.dir, input: '' }), 1);
    untouched(s);
  });

  it('malformed front matter in the draft: 1 with a line number', () => {
    const s = withHandoff();
    const w = baton(['write'], {
      cwd: s.repo.dir,
      input: DRAFT.replace('status: in-progress', 'status: someday'),
    });
    refused(w, 1);
    expect(
      w.errLines.some((l) => /^INVALID: draft:\d+: .*status/.test(l)),
      w.stderr,
    ).toBe(true);
    untouched(s);
  });

  it('a malformed JSON draft: 1 with a line number', () => {
    const s = withHandoff();
    const w = baton(['write'], { cwd: s.repo.dir, input: '{\n  "from": "x",\n  oops\n}\n' });
    refused(w, 1);
    expect(
      w.errLines.some((l) => /^INVALID: draft:\d+: .*JSON/.test(l)),
      w.stderr,
    ).toBe(true);
    untouched(s);
  });

  it('a folder as the path to write: non-zero with one clear line, nothing written', () => {
    const s = withHandoff();
    mkdirSync(join(s.repo.dir, 'some/dir'), { recursive: true });
    const w = baton(['write', 'some/dir'], { cwd: s.repo.dir, input: DRAFT });
    refused(w, 64);
    expect(w.errLines).toHaveLength(1);
    expect(w.stderr).toMatch(/some\/dir is a folder/);
    expect(listFiles(join(s.repo.dir, 'some'))).toEqual([]);
    untouched(s);
  });

  it('a folder as the draft: 1 with one clear line', () => {
    const s = withHandoff();
    const w = baton(['write', '--input', 'src'], { cwd: s.repo.dir });
    refused(w, 1);
    expect(w.errLines).toHaveLength(1);
    expect(w.stderr).toMatch(/folder/);
    untouched(s);
  });

  it('a path under a file (`.baton` is a file): a clear line, not an internal error', () => {
    const repo = scratch.repo();
    writeFileSync(join(repo.dir, '.baton'), 'not a folder\n');
    const w = baton(['write'], { cwd: repo.dir, input: DRAFT });
    expect(w.stderr).not.toMatch(/^\s+at /m);
    expect(w.status).not.toBe(70);
    expect(w.status).not.toBe(0);
    expect(w.errLines.length).toBeLessThanOrEqual(2);
    expect(readFileSync(join(repo.dir, '.baton'), 'utf8')).toBe('not a folder\n');
  });

  it('outside a repository: written without provenance, with a note', () => {
    const dir = scratch.plain();
    const w = baton(['write'], { cwd: dir, input: DRAFT });
    expect(w.status).toBe(0);
    expect(w.stderr).toMatch(/^note: .*not inside a git repository/m);
    const fm = frontMatter(readFileSync(join(dir, '.baton/handoff.md'), 'utf8'));
    expect(fm.repository).toBeUndefined();
    expect(fm.content_hash).toMatch(/^sha256:/);
    refused(baton(['write', '--format', 'context-kit'], { cwd: dir, input: DRAFT }), 1);
  });
});

describe('bad input to run', () => {
  it('a missing plan, a plan that is not YAML, a run id that does not exist: one line, no store file left behind', () => {
    const repo = scratch.repo();
    writeFileSync(join(repo.dir, 'plan.yaml'), 'tasks: [\n');
    const cases: [string[], number, RegExp][] = [
      [['run', '--plan', 'nope.md', '--builder', 'command:true'], 1, /cannot read the plan .*nope\.md/],
      [['run', '--plan', 'plan.yaml', '--builder', 'command:true'], 1, /plan is not valid/],
      [['run', '--resume', '01JDXYZ0000000000000000001'], 1, /no run 01JDXYZ0000000000000000001/],
      [['run', '--resume', 'nosuch'], 1, /no run nosuch/],
    ];
    for (const [args, code, message] of cases) {
      const r = baton(args, { cwd: repo.dir });
      refused(r, code);
      expect(r.errLines[0], args.join(' ')).toMatch(message);
      expect(listFiles(join(repo.dir, '.baton')), args.join(' ')).toEqual([]);
    }
  });
});
