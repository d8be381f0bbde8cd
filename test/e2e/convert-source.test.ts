/**
 * `baton convert` never returns an empty handoff quietly: input not in the source format is an
 * error that points at `baton import`, an INVALID output is said, and an in-progress handoff is
 * not a silent PASS. Also: empty input to convert and import is an error.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, DRAFT, hasStackTrace, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const ANCHOR = join(import.meta.dirname, '..', 'fixtures', 'anchor', 'valid', 'template-bare-bullets.md');

describe('baton convert: the input is in the source format', () => {
  const cases: [string, string, string[], RegExp][] = [
    [
      'free-form JSON',
      '{"_v": 2, "who": "claude", "active": "auth", "next": ["tests"], "done": ["login"]}\n',
      ['--to', 'baton'],
      /not baton\/handoff-v1 JSON \(no "schema": "baton\/handoff-v1", and keys it does not have: _v, who, active, next\).*free-form JSON handoff: use `baton import`/,
    ],
    [
      'free-form Markdown',
      '# Session notes\n\n## What we did\n\n- wired the login\n\n## Next up\n\n- tests\n',
      ['--to', 'json'],
      /not a baton\/handoff-v1 handoff \(none of its sections\).*free-form Markdown handoff: use `baton import`/,
    ],
    [
      'PhaseHandoff read as FORGE',
      '{"fromPhase": "design", "toPhase": "build", "summary": "s", "evidence": {}, "openIssues": [], "userPreferences": []}\n',
      ['--from', 'forge', '--to', 'baton'],
      /not a forge handoff \(none of its keys\); it looks like phase \(use --from phase\)/,
    ],
    [
      'Markdown read as Anchor',
      '# Notes\n\nJust prose, no sections.\n',
      ['--from', 'anchor', '--to', 'baton'],
      /not an anchor handoff \(none of its sections\)/,
    ],
  ];
  for (const [name, text, args, message] of cases) {
    it(`refuses ${name} with exit 1, naming what it looks like, and writes nothing`, () => {
      const dir = scratch.plain();
      writeFileSync(join(dir, 'in'), text);
      const r = baton(['convert', 'in', ...args, '-o', 'out'], { cwd: dir });
      expect(r.status).toBe(1);
      expect(r.errLines).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    });
  }

  it('still converts a canonical handoff and an Anchor one', () => {
    const dir = scratch.plain();
    writeFileSync(join(dir, 'draft.md'), DRAFT);
    expect(baton(['convert', 'draft.md', '--to', 'json'], { cwd: dir }).status).toBe(0);
    expect(baton(['convert', ANCHOR, '--to', 'forge'], { cwd: dir }).status).toBe(0);
  });
});

describe('baton convert: what comes out', () => {
  it('says when the canonical output is INVALID (Anchor holds no Goal or Summary), and --strict fails', () => {
    const dir = scratch.plain();
    const r = baton(['convert', ANCHOR, '--to', 'baton'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^warning: the baton output is INVALID: missing required section `## Goal`$/m);
    expect(r.stderr).toMatch(
      /^warning: the baton output is INVALID: missing required section `## Summary`$/m,
    );
    const strict = baton(['convert', ANCHOR, '--to', 'baton', '--strict', '-o', 'out.md'], { cwd: dir });
    expect(strict.status).toBe(1);
    expect(existsSync(join(dir, 'out.md'))).toBe(false);
    const json = JSON.parse(baton(['convert', ANCHOR, '--to', 'json', '--json'], { cwd: dir }).stdout);
    expect(json.invalid.map((f: { code: string }) => f.code)).toContain('section-missing');
  });

  it('warns that an in-progress handoff becomes status="PASS" in pipeline XML; a complete one does not', () => {
    const dir = scratch.plain();
    writeFileSync(join(dir, 'draft.md'), DRAFT);
    const r = baton(['convert', 'draft.md', '--to', 'pipeline-xml'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('<task-result status="PASS"');
    expect(r.stderr).toMatch(
      /^warning: status: pipeline XML has only PASS and FAIL: in-progress is written as status="PASS"/m,
    );
    expect(baton(['convert', 'draft.md', '--to', 'pipeline-xml', '--strict'], { cwd: dir }).status).toBe(1);
    writeFileSync(
      join(dir, 'done.md'),
      DRAFT.replace('status: in-progress', 'status: complete').replace(
        /## Remaining[\s\S]*?## Decisions/,
        '## Decisions',
      ),
    );
    const done = baton(['convert', 'done.md', '--to', 'pipeline-xml'], { cwd: dir });
    expect(done.stderr).not.toMatch(/status:/);
  });
});

describe('empty input', () => {
  for (const command of [['convert', '--to', 'json'], ['import']]) {
    it(`${command[0]} refuses empty stdin and an empty file (exit 1), printing nothing on stdout`, () => {
      const dir = scratch.plain();
      for (const input of ['', '  \n\n']) {
        const r = baton([...command, '-'], { cwd: dir, input });
        expect(r.status).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/the handoff on stdin is empty/);
      }
      writeFileSync(join(dir, 'empty.md'), '');
      const f = baton([...command, 'empty.md'], { cwd: dir });
      expect(f.status).toBe(1);
      expect(f.stderr).toMatch(/empty\.md is empty/);
      expect(readFileSync(join(dir, 'empty.md'), 'utf8')).toBe('');
    });
  }
});
