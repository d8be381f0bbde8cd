/**
 * One manifest per artifact (issue 11 item 3) and boot context confined to the repository (item
 * 4), through the built binary in real repositories: every tool agrees that a second
 * `context_manifest` (however it is spelled) makes an artifact invalid, and nothing outside the
 * repository is read through `context.paths`, `..`, an absolute path or a symlink.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { duplicateGovernanceKeys } from '../../src/governance/manifest.js';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { baton, hasStackTrace, makePlainDir } from '../e2e/_helpers.js';

const POLICY = `---
context_manifest:
  artifact_id: pol-1
  class: policy
---
# Rules

Run the tests before pushing.
`;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function setup() {
  const repo = createTempRepo();
  const plain = makePlainDir();
  cleanups.push(
    () => repo.cleanup(),
    () => plain.cleanup(),
  );
  const run = (args: string[]) =>
    baton(args, { cwd: repo.dir, env: { BATON_HOME: join(plain.dir, 'home') } });
  const context = () => JSON.parse(run(['context', '--json']).stdout);
  return { repo, run, context, outside: plain.dir };
}

// A signed policy with a second manifest appended in the same front matter, spelled `spelling`.
function appendSecond(text: string, spelling: string): string {
  return text.replace(
    /\n---\n# Rules/,
    `\n${spelling}\n  artifact_id: pol-1\n  class: policy\n  binding: true\n---\n# Rules`,
  );
}

describe('one manifest per artifact', () => {
  it('a second context_manifest after a signed one: context quarantines, validate is INVALID, approve refuses', () => {
    const { repo, run, context } = setup();
    repo.write('.baton/context/p.md', POLICY);
    expect(run(['keys', 'generate', 'alice']).status).toBe(0);
    repo.commit('alice');
    expect(run(['approve', '.baton/context/p.md', '--key', 'alice']).status).toBe(0);
    expect(context().artifacts[0].label).toBe('binding');
    const signed = readFileSync(join(repo.dir, '.baton/context/p.md'), 'utf8');
    for (const spelling of [
      'context_manifest:',
      '"context_manifest":',
      "'context_manifest':",
      '? context_manifest\n:',
    ]) {
      const twice = appendSecond(signed, spelling);
      writeFileSync(join(repo.dir, '.baton/context/p.md'), twice);
      const a = context().artifacts[0];
      expect(a.label, spelling).toBe('quarantined');
      expect(
        a.findings.map((f: { code: string }) => f.code),
        spelling,
      ).toContain('manifest-duplicate');
      const v = run(['validate', '--no-git', '.baton/context/p.md']);
      expect(v.status, spelling).toBe(1);
      expect(
        v.errLines.some((l) => /INVALID: .*context_manifest` appears 2 times/.test(l)),
        spelling,
      ).toBe(true);
      const ap = run(['approve', '.baton/context/p.md', '--key', 'alice']);
      expect(ap.status, spelling).toBe(4);
      expect(ap.errLines[0]).toMatch(/context_manifest` appears 2 times in the front matter/);
      expect(hasStackTrace(ap.stderr)).toBe(false);
      expect(readFileSync(join(repo.dir, '.baton/context/p.md'), 'utf8')).toBe(twice);
    }
  });

  it('a handoff field governance reads, written twice, is refused too (readers disagree which one counts)', () => {
    const text = '---\nschema: baton/handoff-v1\nclass: observation\nfrom: x\nclass: policy\n---\n# T\n';
    expect(duplicateGovernanceKeys(text)).toEqual([{ key: 'class', lines: [3, 5] }]);
    expect(duplicateGovernanceKeys('---\ntitle: a\ntitle: b\n---\n')).toEqual([]);
    expect(duplicateGovernanceKeys('# no front matter\ncontext_manifest:\ncontext_manifest:\n')).toEqual([]);
    // Keys inside the block are not top-level keys.
    expect(duplicateGovernanceKeys('---\ncontext_manifest:\n  class: a\n  author: b\n---\n')).toEqual([]);
  });
});

describe('boot context reads only the repository', () => {
  it('refuses ../ and absolute context.paths and symlinks that leave the repository, naming each', () => {
    const { repo, run, context, outside } = setup();
    const secret = join(outside, 'secret.md');
    writeFileSync(secret, '# Secret\n\nAWS_SECRET=hunter2-outside\n');
    mkdirSync(join(outside, 'dir'));
    writeFileSync(join(outside, 'dir', 'also.md'), 'hunter2-in-a-folder\n');
    repo.write('docs/ok.md', '# Fine\n\nInside.\n');
    repo.write('.baton/context/notes.md', '# Notes\n');
    symlinkSync(secret, join(repo.dir, '.baton/context/leak.md'));
    symlinkSync(secret, join(repo.dir, 'AGENTS.md'));
    symlinkSync(join(repo.dir, 'docs/ok.md'), join(repo.dir, 'CLAUDE.md'));
    const rel = join('..', '..', outside.split('/').pop() as string, 'secret.md');
    repo.write(
      '.baton/config.json',
      JSON.stringify({
        context: { paths: ['docs', secret, join(outside, 'dir'), `../${rel}`, 'docs/../../x'] },
      }),
    );
    const r = run(['context']);
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).not.toContain('hunter2');
    const b = context();
    const refused = b.artifacts.filter((a: { findings: { code: string }[] }) =>
      a.findings.some((f) => f.code === 'outside-repository'),
    );
    expect(refused.map((a: { path: string }) => a.path).sort()).toEqual(
      ['.baton/context/leak.md', 'AGENTS.md', join(outside, 'dir'), secret].sort(),
    );
    for (const a of refused) {
      expect(a.label).toBe('quarantined');
      expect(a.reasons[0]).toMatch(/outside the repository: not read/);
      expect(a.text).toBeUndefined();
    }
    // A symlink that stays inside the repository is an ordinary file.
    expect(b.artifacts.find((a: { path: string }) => a.path === 'CLAUDE.md')?.label).toBe('advisory');
    expect(run(['context', '--strict']).status).toBe(4);
    expect(run(['context', secret]).stdout).not.toContain('hunter2');
  });

  it('refuses .baton/context when it is itself a symlink to a folder outside', () => {
    const { repo, context, outside } = setup();
    writeFileSync(join(outside, 'boot.md'), 'hunter2\n');
    mkdirSync(join(repo.dir, '.baton'), { recursive: true });
    symlinkSync(outside, join(repo.dir, '.baton/context'));
    const b = context();
    expect(JSON.stringify(b)).not.toContain('hunter2');
    expect(b.artifacts).toMatchObject([{ path: '.baton/context', label: 'quarantined' }]);
  });
});
