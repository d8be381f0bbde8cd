import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBaton } from '../../src/formats/baton/parse.js';
import { renderBaton } from '../../src/formats/baton/render.js';
import type { ParsedHandoff } from '../../src/formats/types.js';
import { contentHash } from '../../src/handoff/hash.js';
import { baton, hasStackTrace, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const HANDOFF: ParsedHandoff = {
  schema: 'baton/handoff-v1',
  id: '01JDXYZ0000000000000000042',
  created_at: '2026-11-30T01:14:19Z',
  from: 'builder',
  to: 'verifier',
  task: 'TASK-03',
  window: 2,
  status: 'in-progress',
  provenance: {
    repository: 'acme/calc',
    worktree: '/srv/calc',
    branch: 'feat/sum',
    head: 'a'.repeat(40),
    base_ref: 'origin/main',
    base_commit: 'b'.repeat(40),
    worktree_state: 'clean',
  },
  extra: { ticket: 'CALC-7' },
  title: 'Handoff: TASK-03 <sum> & "friends"',
  goal: 'Add `sum(xs)` to the calc library — with tests.',
  summary: 'sum() is written & tested; the README needs a usage section.',
  done: [{ text: 'Wrote src/sum.ts', command: 'npm test', result: 'pass' }],
  remaining: [
    {
      title: 'Document sum',
      goal: 'a usage example',
      files_in_scope: ['README.md'],
      verify_by: ['npm test'],
    },
  ],
  decisions: [{ decision: 'Use reduce', reason: 'an empty list sums to 0', rejected: [] }],
  facts: [{ verdict: 'confirmed', claim: 'sum([]) is 0', evidence: '`npm test`' }],
  files_touched: [{ action: 'created', path: 'src/sum.ts' }],
  validation: [{ result: 'passed', command: 'npm test', outcome: '12 tests' }],
  open_concerns: ['Floats are not rounded'],
  dead_ends: [{ attempt: 'Math.sumPrecise', reason: 'not in Node 20' }],
  preferences: ['No new dependencies'],
  notes: 'Ask before touching the CI config.',
};

const FRONT = [
  'id',
  'created_at',
  'from',
  'task',
  'window',
  'status',
  'provenance',
  'extra',
  'title',
] as const;

function setup(): { dir: string; source: string } {
  const dir = scratch.plain();
  const source = join(dir, 'handoff.md');
  writeFileSync(source, renderBaton(HANDOFF));
  return { dir, source };
}

describe('baton convert', () => {
  it('says on stderr what the target cannot hold, and --strict refuses to write', () => {
    const { dir } = setup();
    const r = baton(['convert', 'handoff.md', '--to', 'phase'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ fromPhase: 'builder', toPhase: 'verifier' });
    expect(r.errLines).toContain('warning: goal: PhaseHandoff JSON has no place for goal');
    expect(r.errLines.every((l) => l.startsWith('warning: '))).toBe(true);
    const strict = baton(['convert', 'handoff.md', '--to', 'phase', '--strict', '-o', 'out.json'], {
      cwd: dir,
    });
    expect(strict.status).toBe(1);
    expect(strict.stdout).toBe('');
    expect(strict.errLines.at(-1)).toMatch(
      /--strict: phase cannot hold all of this handoff; nothing was written/,
    );
    expect(existsSync(join(dir, 'out.json'))).toBe(false);
  });

  it('passes through every format in a chain and keeps front matter and provenance', () => {
    const { dir } = setup();
    let current = 'handoff.md';
    for (const format of ['context-kit', 'json', 'anchor', 'pipeline-xml', 'forge', 'phase', 'baton']) {
      const next = `chain.${format}`;
      const r = baton(['convert', current, '--to', format, '-o', next], { cwd: dir });
      expect(r.status, `${current} → ${format}: ${r.stderr}`).toBe(0);
      current = next;
    }
    const end = parseBaton(readFileSync(join(dir, current), 'utf8')).handoff;
    for (const key of FRONT) expect(end[key], key).toEqual(HANDOFF[key]);
  });

  it('reads stdin with -, and prints --json', () => {
    const { dir } = setup();
    const r = baton(['convert', '-', '--to', 'json', '--json'], { cwd: dir, input: renderBaton(HANDOFF) });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ from: 'baton', to: 'json', losses: [], findings: [] });
    expect(JSON.parse(out.text)).toMatchObject({ id: HANDOFF.id, provenance: HANDOFF.provenance });
  });

  it('keeps a content hash only while it still matches the output', () => {
    const dir = scratch.plain();
    const text = renderBaton(HANDOFF);
    const body = text.slice(text.indexOf('\n---\n') + 5);
    const hashed = renderBaton({ ...HANDOFF, content_hash: contentHash(body) });
    writeFileSync(join(dir, 'h.md'), hashed);
    const json = baton(['convert', 'h.md', '--to', 'json'], { cwd: dir });
    expect(JSON.parse(json.stdout).content_hash).toBe(contentHash(body));
    const same = baton(['convert', 'h.md', '--to', 'baton'], { cwd: dir });
    expect(same.stdout).toBe(hashed);
    const ck = baton(['convert', 'h.md', '--to', 'context-kit'], { cwd: dir });
    expect(ck.stdout).not.toMatch(/^content_hash:/m);
    expect(ck.errLines).toContain(
      "warning: content_hash: dropped: it is the hash of the source's body, which the context-kit output does not reproduce (`baton write` anchors it again)",
    );
  });

  it('refuses unreadable input in one line: malformed JSON, a JSON array, a missing file', () => {
    const dir = scratch.plain();
    writeFileSync(join(dir, 'bad.json'), '{"task_intent": "x",}');
    writeFileSync(join(dir, 'array.json'), '[{"task_intent": "x"}]');
    for (const [file, pattern] of [
      ['bad.json', /^baton: cannot read the forge input \(line 1\): not valid JSON/],
      [
        'array.json',
        /^baton: cannot read the forge input: expected a JSON object \(a FORGE handoff\), not an array$/,
      ],
      ['nope.md', /^baton: cannot read the handoff .*nope\.md: no such file$/],
    ] as const) {
      const r = baton(['convert', file, '--to', 'baton'], { cwd: dir });
      expect(r.status, r.stderr).toBe(1);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.errLines).toHaveLength(1);
      expect(r.errLines[0]).toMatch(pattern);
    }
    const usage = baton(['convert', 'bad.json', '--to', 'yaml'], { cwd: dir });
    expect(usage.status).toBe(64);
    expect(usage.errLines[0]).toMatch(
      /--to must be one of baton, context-kit, json, anchor, pipeline-xml, forge, phase/,
    );
  });
});
