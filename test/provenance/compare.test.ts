import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Provenance } from '../../src/handoff/types.js';
import { captureProvenance } from '../../src/provenance/capture.js';
import { compareProvenance, FRESHNESS_FIELDS, IDENTITY_FIELDS } from '../../src/provenance/compare.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const HEAD = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const BASE = '0f1e2d3c4b5a69788796a5b4c3d2e1f001234567';

const saved: Provenance = {
  repository: 'acme/widgets',
  worktree: '/work/widgets',
  branch: 'feature/login',
  head: HEAD,
  base_ref: 'origin/main',
  base_commit: BASE,
  worktree_state: 'clean',
};

const summary = (findings: ReturnType<typeof compareProvenance>) =>
  findings.map((f) => `${f.verdict} ${f.field}`);

describe('compareProvenance with git values', () => {
  it('finds nothing when everything matches', () => {
    expect(compareProvenance(saved, { git: { ...saved } })).toEqual([]);
  });

  it.each(IDENTITY_FIELDS)('a different %s is a MISMATCH', (field) => {
    const findings = compareProvenance(saved, { git: { ...saved, [field]: 'something-else' } });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      verdict: 'MISMATCH',
      code: `${field}-differs`,
      field,
      saved: saved[field],
      current: 'something-else',
    });
  });

  it.each([
    ['head', 'ffffffffffffffffffffffffffffffffffffffff'],
    ['base_commit', 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'],
    ['worktree_state', 'dirty'],
  ] as const)('a different %s is STALE', (field, value) => {
    const findings = compareProvenance(saved, { git: { ...saved, [field]: value } });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      verdict: 'STALE',
      code: `${field}-moved`,
      field,
      saved: saved[field],
      current: value,
    });
  });

  it('counts a missing current value as differing, at the level of its field', () => {
    for (const field of [...IDENTITY_FIELDS, ...FRESHNESS_FIELDS]) {
      const git: Partial<Provenance> = { ...saved };
      delete git[field];
      const findings = compareProvenance(saved, { git });
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({
        verdict: (IDENTITY_FIELDS as readonly string[]).includes(field) ? 'MISMATCH' : 'STALE',
        field,
        saved: saved[field],
        current: '(none)',
      });
    }
  });

  it('counts a value saved as missing but present now as differing', () => {
    const { branch: _branch, ...withoutBranch } = saved;
    const findings = compareProvenance(withoutBranch, { git: saved });
    expect(summary(findings)).toEqual(['MISMATCH branch']);
    expect(findings[0]).toMatchObject({ saved: '(none)', current: 'feature/login' });
  });

  it('reports identity first, then freshness, one finding per field', () => {
    const other: Provenance = {
      repository: 'acme/gadgets',
      worktree: '/work/widgets',
      branch: 'main',
      head: 'ffffffffffffffffffffffffffffffffffffffff',
      base_ref: 'origin/develop',
      base_commit: 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      worktree_state: 'dirty',
    };
    expect(summary(compareProvenance(saved, { git: other }))).toEqual([
      'MISMATCH repository',
      'MISMATCH branch',
      'MISMATCH base_ref',
      'STALE head',
      'STALE base_commit',
      'STALE worktree_state',
    ]);
  });

  it('matches abbreviated saved commit ids (7+ hex, any case) against full current ones', () => {
    const short = { ...saved, head: HEAD.slice(0, 7), base_commit: BASE.slice(0, 12).toUpperCase() };
    expect(compareProvenance(short, { git: saved })).toEqual([]);
  });

  it('does not match a saved id shorter than 7 hex, or a wrong prefix', () => {
    expect(summary(compareProvenance({ ...saved, head: HEAD.slice(0, 6) }, { git: saved }))).toEqual([
      'STALE head',
    ]);
    expect(summary(compareProvenance({ ...saved, head: 'a1b2c3e' }, { git: saved }))).toEqual(['STALE head']);
    expect(summary(compareProvenance({ ...saved, base_commit: `${BASE}00` }, { git: saved }))).toEqual([
      'STALE base_commit',
    ]);
  });

  it('compares identity fields exactly: no prefix matching', () => {
    expect(summary(compareProvenance({ ...saved, repository: 'acme/wid' }, { git: saved }))).toEqual([
      'MISMATCH repository',
    ]);
    expect(summary(compareProvenance({ ...saved, branch: 'Feature/login' }, { git: saved }))).toEqual([
      'MISMATCH branch',
    ]);
  });

  it('reports a different worktree path with the same identity as INFO only', () => {
    const findings = compareProvenance(saved, { git: { ...saved, worktree: '/elsewhere/widgets' } });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      verdict: 'INFO',
      field: 'worktree',
      saved: '/work/widgets',
      current: '/elsewhere/widgets',
    });
  });

  it('lets flags win over git values', () => {
    const moved = 'ffffffffffffffffffffffffffffffffffffffff';
    const findings = compareProvenance(saved, { git: saved, flags: { head: moved } });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ verdict: 'STALE', field: 'head', current: moved });
    expect(compareProvenance({ ...saved, head: moved }, { git: saved, flags: { head: moved } })).toEqual([]);
  });
});

describe('compareProvenance with flags only', () => {
  it('compares nothing without git and without flags', () => {
    expect(compareProvenance(saved, {})).toEqual([]);
    expect(compareProvenance(saved, { flags: {} })).toEqual([]);
  });

  it('compares only the flags given', () => {
    expect(compareProvenance(saved, { flags: { branch: 'feature/login' } })).toEqual([]);
    expect(summary(compareProvenance(saved, { flags: { branch: 'main', worktree_state: 'dirty' } }))).toEqual(
      ['MISMATCH branch', 'STALE worktree_state'],
    );
  });

  it('compares flags as exact strings: no abbreviation, case matters', () => {
    expect(summary(compareProvenance(saved, { flags: { head: HEAD.slice(0, 7) } }))).toEqual(['STALE head']);
    expect(
      summary(compareProvenance({ ...saved, head: HEAD.slice(0, 7) }, { flags: { head: HEAD } })),
    ).toEqual(['STALE head']);
    expect(summary(compareProvenance(saved, { flags: { head: HEAD.toUpperCase() } }))).toEqual([
      'STALE head',
    ]);
    expect(compareProvenance(saved, { flags: { head: HEAD } })).toEqual([]);
  });

  it('compares a flag against a field the handoff does not have', () => {
    const { repository: _r, ...noRepo } = saved;
    const findings = compareProvenance(noRepo, { flags: { repository: 'acme/widgets' } });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ verdict: 'MISMATCH', field: 'repository', saved: '(none)' });
  });

  it('never reports the worktree path without git values', () => {
    expect(compareProvenance(saved, { flags: { repository: 'acme/widgets' } })).toEqual([]);
  });
});

describe('compareProvenance against real captures', () => {
  const repos: TempRepo[] = [];
  afterEach(() => {
    for (const r of repos.splice(0)) r.cleanup();
  });

  it('is clean right after a capture, STALE after a commit on the branch', () => {
    const r = createTempRepo({ origin: 'https://github.com/acme/widgets.git' });
    repos.push(r);
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('feature 1');
    const first = captureProvenance(r.dir).provenance as Provenance;
    expect(first).toBeDefined();
    expect(compareProvenance(first, { git: captureProvenance(r.dir).current })).toEqual([]);

    r.commit('feature 2');
    r.write('wip.txt', 'w\n');
    const findings = compareProvenance(first, { git: captureProvenance(r.dir).current });
    expect(summary(findings)).toEqual(['STALE head', 'STALE worktree_state']);
    expect(findings[0]).toMatchObject({ saved: first.head, current: r.head() });
  });

  it('is a MISMATCH from another branch, and only INFO for the worktree path of a linked tree', () => {
    const r = createTempRepo();
    repos.push(r);
    r.git('checkout', '-q', '-b', 'feature');
    const onFeature = captureProvenance(r.dir).provenance as Provenance;
    r.git('checkout', '-q', 'main');
    const wt = join(dirname(r.dir), 'wt');
    r.git('worktree', 'add', '-q', wt, 'feature');
    const linked = captureProvenance(wt).current;
    expect(summary(compareProvenance(onFeature, { git: linked }))).toEqual(['INFO worktree']);
    const onMain = captureProvenance(r.dir).current;
    expect(summary(compareProvenance(onFeature, { git: onMain }))).toEqual(['MISMATCH branch']);
  });
});
