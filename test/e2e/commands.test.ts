import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, hasStackTrace, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const KEYS = ['repository', 'worktree', 'branch', 'head', 'base_ref', 'base_commit', 'worktree_state'];

describe('baton provenance', () => {
  it('prints the seven keys, one `key: value` per line', () => {
    const repo = scratch.repo({ origin: 'https://github.com/acme/calc.git' });
    const r = baton(['provenance'], { cwd: join(repo.dir, 'src') });
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.slice(0, l.indexOf(':')))).toEqual(KEYS);
    const values = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
    );
    expect(values).toEqual({
      repository: 'acme/calc',
      worktree: repo.dir,
      branch: 'main',
      head: repo.head(),
      base_ref: 'main',
      base_commit: repo.head(),
      worktree_state: 'clean',
    });
  });

  it('--json prints an object with the seven values; an uncommitted edit shows as dirty', () => {
    const repo = scratch.repo();
    repo.write('src/a.ts', 'export const a = 10;\n');
    const r = baton(['provenance', '--json'], { cwd: repo.dir });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    for (const key of KEYS) expect(out).toHaveProperty(key);
    expect(out.repository).toMatch(/^root:[0-9a-f]{12}$/);
    expect(out.head).toBe(repo.head());
    expect(out.worktree_state).toBe('dirty');
  });

  it('outside a repository: one clear line, non-zero, no stack trace', () => {
    const dir = scratch.plain();
    const r = baton(['provenance'], { cwd: dir });
    expect(r.status).not.toBe(0);
    expect(r.status).not.toBe(70);
    expect(r.errLines).toHaveLength(1);
    expect(r.stderr).toMatch(/not inside a git repository/);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});

describe('baton demo', () => {
  it('exits 0 and shows the STALE and MISMATCH steps', () => {
    const r = baton(['demo'], { cwd: scratch.plain() });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/STALE/);
    expect(r.stdout).toMatch(/MISMATCH/);
    expect(r.stdout).toMatch(/^\s*STALE: .*head: saved [0-9a-f]{40}, now [0-9a-f]{40}/m);
    expect(r.stdout).toMatch(/^\s*MISMATCH: .*branch: saved \S+, now \S+/m);
  });
});

describe('usage errors (64)', () => {
  it('an unknown command', () => {
    const r = baton(['frobnicate'], { cwd: scratch.plain() });
    expect(r.status).toBe(64);
    expect(r.stdout).toBe('');
    expect(r.errLines).toHaveLength(1);
    expect(r.stderr).toMatch(/unknown command "frobnicate"/);
  });

  it('no command at all prints the usage and exits 64', () => {
    const r = baton([], { cwd: scratch.plain() });
    expect(r.status).toBe(64);
    expect(r.stdout + r.stderr).toMatch(/Usage: baton <command>/);
  });

  it.each([
    ['validate', '--bogus'],
    ['write', '--bogus'],
    ['resume', '--bogus'],
    ['provenance', '--bogus'],
    ['demo', '--bogus'],
  ])('an unknown flag: %s %s', (command, flag) => {
    const r = baton([command, flag], { cwd: scratch.plain() });
    expect(r.status).toBe(64);
    expect(r.errLines).toHaveLength(1);
    expect(r.stderr).toContain('--bogus');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it.each([['validate'], ['write'], ['resume']])('%s --format nope', (command) => {
    const r = baton([command, '--format', 'nope'], { cwd: scratch.plain() });
    expect(r.status).toBe(64);
    expect(r.errLines).toHaveLength(1);
    expect(r.stderr).toMatch(/--format must be one of/);
  });

  it('a missing flag value, and bad --window / --timeout values', () => {
    const dir = scratch.plain();
    expect(baton(['validate', '--format'], { cwd: dir }).status).toBe(64);
    expect(baton(['write', '--window', '0'], { cwd: dir, input: 'x' }).status).toBe(64);
    expect(baton(['resume', '--timeout', 'soon'], { cwd: dir }).status).toBe(64);
  });

  it('--help of each command exits 0 with its usage on stdout', () => {
    const dir = scratch.plain();
    for (const command of ['validate', 'write', 'resume', 'provenance', 'demo']) {
      const r = baton([command, '--help'], { cwd: dir });
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: baton ${command}`));
    }
    expect(baton(['--help'], { cwd: dir }).status).toBe(0);
  });

  it("serve <server> --help is that server's help; serve --help lists the servers", () => {
    const dir = scratch.plain();
    for (const server of ['web', 'a2a']) {
      const r = baton(['serve', server, '--help'], { cwd: dir });
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: baton serve ${server} `));
      expect(r.stdout).toContain('\nOptions:\n');
    }
    const all = baton(['serve', '--help'], { cwd: dir });
    expect(all.stdout).toMatch(/^Usage: baton serve <server>/);
    expect(all.stdout).toMatch(/\n {2}web {5}.*\n {2}a2a /);
  });
});
