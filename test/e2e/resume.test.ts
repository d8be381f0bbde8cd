import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, DRAFT, draftWithDone, Scratch, section, snapshot, type TempRepo } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const HANDOFF = '.baton/handoff.md';

function withHandoff(draft = DRAFT): { repo: TempRepo; path: string } {
  const repo = scratch.repo();
  const w = baton(['write'], { cwd: repo.dir, input: draft });
  expect(w.status, w.stderr).toBe(0);
  return { repo, path: join(repo.dir, HANDOFF) };
}

describe('baton resume', () => {
  it('fresh: exit 0 and a brief with the goal, DO NOT REDO, DO NOT REVERSE and Remaining', () => {
    const { repo } = withHandoff();
    const r = baton(['resume'], { cwd: repo.dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Add a `sum(xs)` function to the calc library, with tests.');
    expect(section(r.stdout, 'DO NOT REDO')).toContain('Wrote `src/a.ts`');
    expect(section(r.stdout, 'DO NOT REVERSE')).toContain('Use reduce with 0 as the start');
    expect(section(r.stdout, 'DO NOT REVERSE')).toContain('Rejected: a for loop');
    const remaining = section(r.stdout, 'Remaining');
    expect(remaining).toContain('Document sum in the README');
    expect(remaining).toContain('Verify by:');
    expect(r.stdout).toContain(repo.head());
    expect(r.stdout).not.toMatch(/STALE/);
    expect(section(r.stdout, 'Re-verify')).toBe('');
  });

  it('stale: exit 3, lists commits and files since (committed and uncommitted) and only the affected claims', () => {
    const { repo } = withHandoff();
    repo.write('src/a.ts', 'export const a = 10;\n');
    const commit = repo.commit('rework a for speed');
    repo.write('README.md', '# scratch\n\nsum(xs) adds numbers.\n');
    const r = baton(['resume'], { cwd: repo.dir });
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/STALE/);
    const moved = section(r.stdout, 'What moved');
    expect(moved).toContain(commit.slice(0, 12));
    expect(moved).toContain('rework a for speed');
    expect(moved).toMatch(/committed:[\s\S]*src\/a\.ts/);
    expect(moved).toMatch(/uncommitted[\s\S]*README\.md/);
    const reverify = section(r.stdout, 'Re-verify');
    expect(reverify).toContain('src/a.ts');
    expect(reverify).not.toContain('src/b.ts');
    // The brief still carries everything else.
    expect(section(r.stdout, 'DO NOT REDO')).toContain('src/b.ts');
    expect(section(r.stdout, 'Remaining')).toContain('Document sum in the README');
  });

  it('--reverify runs the affected claims’ commands from the repository root and reports pass/fail', () => {
    const draft = draftWithDone([
      '- [x] Wrote `src/a.ts` — verified by `node scripts/check.mjs` → pass',
      '- [x] Wrote `src/b.ts` — verified by `node -e "process.exit(7)"` → pass',
      '- [x] Wrote `src/c.ts` — verified by `node -e "process.exit(3)"` → pass',
    ]);
    const repo = scratch.repo();
    // Passes only when run from the repository root (a relative path to the script).
    repo.write(
      'scripts/check.mjs',
      "import { existsSync } from 'node:fs';\nprocess.exit(existsSync('src/a.ts') ? 0 : 9);\n",
    );
    repo.commit('add check script');
    expect(baton(['write'], { cwd: repo.dir, input: draft }).status).toBe(0);
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.write('src/c.ts', 'export const c = 30;\n');
    repo.commit('change a and c');

    const r = baton(['resume', '--reverify', '--yes'], { cwd: join(repo.dir, 'src') });
    expect(r.status).toBe(3);
    const now = section(r.stdout, 'Re-verified now');
    expect(now).toMatch(/pass — `node scripts\/check\.mjs`/);
    expect(now).toMatch(/fail \(exit 3\) — `node -e "process\.exit\(3\)"`/);
    // b.ts did not change, so its command was not run.
    expect(now).not.toContain('process.exit(7)');

    const json = baton(['resume', '--reverify', '--yes', '--json'], { cwd: repo.dir });
    expect(json.status).toBe(3);
    const brief = JSON.parse(json.stdout) as {
      reverified: { command: string; passed: boolean; exitCode: number | null }[];
    };
    expect(brief.reverified.map((x) => [x.command, x.passed, x.exitCode]).sort()).toEqual(
      [
        ['node -e "process.exit(3)"', false, 3],
        ['node scripts/check.mjs', true, 0],
      ].sort(),
    );
  });

  it('--reverify --timeout kills a command that hangs and reports it as failed', () => {
    const draft = draftWithDone([
      '- [x] Wrote `src/a.ts` — verified by `node -e "setTimeout(() => {}, 60000)"` → pass',
    ]);
    const { repo } = withHandoff(draft);
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.commit('change a');
    const r = baton(['resume', '--reverify', '--yes', '--timeout', '0.5'], { cwd: repo.dir });
    expect(r.status).toBe(3);
    expect(section(r.stdout, 'Re-verified now')).toMatch(/fail \(timed out\)/);
    expect(r.millis).toBeLessThan(10_000);
  });

  it('refuses MISMATCH (2): nothing on stdout, the reason on stderr', () => {
    const { repo, path } = withHandoff();
    repo.git('switch', '-q', '-c', 'other');
    const r = baton(['resume'], { cwd: repo.dir });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.errLines).toContain(`MISMATCH: ${path}: branch: saved main, now other`);
    expect(r.stderr).toMatch(/not resuming/);
  });

  it('refuses UNTRUSTED (4) and INVALID (1) with nothing on stdout', () => {
    const { repo, path } = withHandoff();
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, original.replace('is written and tested', 'iz written and tested'));
    const untrusted = baton(['resume'], { cwd: repo.dir });
    expect(untrusted.status).toBe(4);
    expect(untrusted.stdout).toBe('');
    expect(untrusted.stderr).toMatch(/^UNTRUSTED: /m);

    writeFileSync(path, original.replace(/^## Goal\n\n.*\n/m, ''));
    const invalid = baton(['resume'], { cwd: repo.dir });
    expect(invalid.status).toBe(1);
    expect(invalid.stdout).toBe('');
    expect(invalid.stderr).toMatch(/^INVALID: .*Goal/m);

    const json = baton(['resume', '--json'], { cwd: repo.dir });
    expect(json.status).toBe(1);
    expect(json.stdout).toBe('');
  });

  it('never modifies the handoff (bytes and mtime), fresh, stale, re-verifying or refused', () => {
    const { repo, path } = withHandoff();
    const before = snapshot(path);
    const same = () => {
      const after = snapshot(path);
      expect(after.bytes.equals(before.bytes)).toBe(true);
      expect(after.mtimeMs).toBe(before.mtimeMs);
    };
    expect(baton(['resume'], { cwd: repo.dir }).status).toBe(0);
    same();
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.commit('change a');
    expect(baton(['resume'], { cwd: repo.dir }).status).toBe(3);
    same();
    expect(baton(['resume', '--reverify', '--json'], { cwd: repo.dir }).status).toBe(3);
    same();
    repo.git('switch', '-q', '-c', 'other');
    expect(baton(['resume'], { cwd: repo.dir }).status).toBe(2);
    same();
  });

  it('--json prints the brief as data', () => {
    const { repo, path } = withHandoff();
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.commit('change a');
    const r = baton(['resume', '--json'], { cwd: repo.dir });
    expect(r.status).toBe(3);
    const brief = JSON.parse(r.stdout) as {
      verdict: string;
      exitCode: number;
      path: string;
      handoff: { goal: string; done: { text: string }[] };
      provenance: { field: string; changed: boolean }[];
      reverify: { kind: string; text: string }[];
    };
    expect(brief).toMatchObject({ verdict: 'STALE', exitCode: 3, path });
    expect(brief.handoff.goal).toContain('sum(xs)');
    expect(brief.handoff.done).toHaveLength(2);
    expect(brief.provenance.find((p) => p.field === 'head')?.changed).toBe(true);
    expect(brief.reverify.map((c) => c.text)).toEqual(['Wrote `src/a.ts`']);
  });
});
