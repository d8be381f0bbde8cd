/** The mappings of the Anchor, FORGE and PhaseHandoff codecs (FORMATS.md §3.2, §3.4, §3.5). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_SUBSPEC_MESSAGE, parseAnchor, renderAnchor } from '../../src/formats/anchor/codec.js';
import { detect } from '../../src/formats/detect.js';
import { parseForge, renderForge } from '../../src/formats/forge/codec.js';
import { parsePhase, renderPhase } from '../../src/formats/phase/codec.js';
import type { ParsedHandoff } from '../../src/formats/types.js';
import { emptySections } from '../../src/handoff/types.js';

const fixture = (path: string) => readFileSync(join(import.meta.dirname, '..', 'fixtures', path), 'utf8');

const H: ParsedHandoff = {
  ...emptySections(),
  schema: 'baton/handoff-v1',
  id: '01JDXYZ0000000000000000001',
  created_at: '2026-11-30T01:14:19Z',
  from: 'builder',
  to: 'verifier',
  task: 'TASK-03',
  status: 'in-progress',
  title: 'Handoff: TASK-03',
  goal: 'Add sum()',
  summary: 'sum() written',
  done: [{ text: 'Wrote sum', command: 'npm test', result: 'pass' }],
  remaining: [{ title: 'Document sum', files_in_scope: ['README.md'], verify_by: ['npm test'] }],
  decisions: [{ decision: 'Use reduce', reason: 'empty sums to 0', rejected: [{ alternative: 'a loop' }] }],
  facts: [
    {
      verdict: 'confirmed',
      claim: 'tests pass',
      evidence: '`npm test`',
      tag: { rung: 'OBS', confidence: 0.9 },
    },
  ],
  open_concerns: ['Floats are not rounded'],
  dead_ends: [{ attempt: 'Math.fsum', reason: 'does not exist' }],
  preferences: ['No new dependencies'],
  notes: 'A note',
};

describe('anchor', () => {
  it('writes the five sections in order, None when empty, with baton front matter but no schema', () => {
    const { text, losses } = renderAnchor({ ...H, open_concerns: [] });
    expect(text.match(/^## .+$/gm)).toEqual([
      '## Done',
      '## Remaining',
      '## Decisions made',
      '## Files touched',
      '## Open concerns',
    ]);
    expect(text).toMatch(/^---\nid: 01JDXYZ0000000000000000001\n/);
    expect(text).not.toMatch(/^schema:/m);
    expect(text).toContain('## Open concerns\n\n- None.\n');
    expect(losses.map((l) => l.field)).toEqual([
      'goal',
      'summary',
      'facts',
      'dead_ends',
      'preferences',
      'notes',
    ]);
    expect(detect(text)).toBe('anchor');
  });

  it('reads headings in any case, skips template comments, and tells an agent with no sub-spec to reply with ## Result', () => {
    const parsed = parseAnchor(fixture('anchor/valid/template-comments.md'));
    expect(parsed.findings.filter((f) => f.verdict !== 'INFO')).toEqual([]);
    expect(parsed.handoff.remaining.map((s) => s.title)).toEqual([
      'Fix the failing migration test',
      'Update the changelog',
    ]);
    expect(parsed.handoff.done[0]).toEqual({
      text: 'Split the migration into two files',
      command: 'make test',
      result: 'fail',
    });
    const finished = parseAnchor(fixture('anchor/invalid/remaining-no-subspec.md'));
    expect(finished.findings).toContainEqual(
      expect.objectContaining({ verdict: 'INVALID', code: 'anchor-no-subspec', message: NO_SUBSPEC_MESSAGE }),
    );
    expect(NO_SUBSPEC_MESSAGE).toMatch(/reply with your `## Result` instead/);
  });
});

describe('forge', () => {
  it('maps the skill schema: intent, evidence with tags, the chain, next actions, escalation', () => {
    const parsed = parseForge(fixture('forge/valid/skill-example.json'));
    const h = parsed.handoff;
    expect(parsed.findings).toEqual([]);
    expect(h.goal).toBe('Audit the deploy pipeline against floors F1-F13 and fix what fails');
    expect([h.from, h.to, h.extra]).toEqual([
      'arif-forge-1',
      'arif-forge-2',
      { handoff_id: '7f0c3a52-8d0e-4c55-9a4e-2b1f61c0d9aa' },
    ]);
    expect(h.preferences).toEqual(['F1', 'F4', 'F11']);
    expect(h.facts).toEqual([
      {
        verdict: 'confirmed',
        claim: 'ci.yml:42 runs deploy without approval',
        evidence: 'none',
        tag: { rung: 'OBS', confidence: 0.95 },
      },
      {
        verdict: 'dubious',
        claim: 'the approval step was removed on purpose',
        evidence: 'none',
        tag: { rung: 'SPEC', confidence: 0.3 },
      },
    ]);
    expect(h.done).toEqual([{ text: 'Read ci.yml → found the deploy job', result: 'unverified' }]);
    expect(h.dead_ends).toEqual([
      { attempt: 'Re-add the approval step via the API', reason: '403: token lacks admin' },
    ]);
    expect(h.remaining.map((s) => s.title)).toEqual([
      'Check F11 audit log coverage',
      'Ask an admin to restore the approval step',
    ]);
    expect(h.open_concerns).toEqual(['Needs an agent with admin rights on the repository']);
    expect(h.status).toBe('in-progress');
    expect(h.notes).toContain('### FORGE floor_state\n\n```json\n{\n  "F01": "PASS"');
    expect(h.notes).toContain('### FORGE provenance');
  });

  it('gives floor_state and provenance back out of Notes when written again', () => {
    const again = JSON.parse(renderForge(parseForge(fixture('forge/valid/skill-example.json')).handoff).text);
    const original = JSON.parse(fixture('forge/valid/skill-example.json'));
    expect(again.floor_state).toEqual(original.floor_state);
    expect(again.provenance).toEqual(original.provenance);
    expect(again.next_actions).toEqual(original.next_actions);
    expect(again.handoff_id).toBe(original.handoff_id);
  });

  it('lists what FORGE cannot hold and is recognised by detect()', () => {
    const { text, losses } = renderForge(H);
    expect(losses.map((l) => l.field)).toEqual(['summary', 'decisions', 'notes']);
    expect(detect(text)).toBe('forge');
    expect(JSON.parse(text)).toMatchObject({
      task_intent: 'Add sum()',
      escalation_note: 'Floats are not rounded',
    });
  });
});

describe('phase', () => {
  it('maps a PhaseHandoff: phases, evidence as facts, decisions as strings or objects', () => {
    const parsed = parsePhase(fixture('phase/valid/plan-to-build.json'));
    const h = parsed.handoff;
    expect(parsed.findings).toEqual([]);
    expect([h.from, h.to, h.status]).toEqual(['plan', 'build', 'in-progress']);
    expect(h.facts).toEqual([
      {
        verdict: 'confirmed',
        claim: 'load test',
        evidence: 'p99 410 ms at 2k rps with the queue, 2.3 s without',
      },
      { verdict: 'confirmed', claim: 'cost', evidence: 'one extra managed queue, about 40 USD a month' },
    ]);
    expect(h.decisions).toEqual([
      { decision: 'Use a queue between API and worker', reason: 'bursts overload the worker', rejected: [] },
      { decision: 'Postgres for state', reason: 'already operated by the team', rejected: [] },
    ]);
    expect(h.open_concerns).toEqual(['Retention of dead letters is undecided']);
    expect(h.preferences).toEqual(['No new runtime dependencies', 'Keep the CLI flags stable']);
  });

  it('lists what a PhaseHandoff cannot hold and is recognised by detect()', () => {
    const { text, losses } = renderPhase(H);
    expect(new Set(losses.map((l) => l.field))).toEqual(
      new Set(['goal', 'done', 'remaining', 'dead_ends', 'notes', 'facts', 'decisions']),
    );
    expect(detect(text)).toBe('phase');
    expect(JSON.parse(text)).toMatchObject({
      fromPhase: 'builder',
      toPhase: 'verifier',
      summary: 'sum() written',
    });
  });

  it('says a JSON array is not a PhaseHandoff, without throwing', () => {
    expect(parsePhase('[1, 2]').findings).toMatchObject([{ verdict: 'INVALID', code: 'json-shape' }]);
    expect(parseForge('[{"task_intent": "x"}]').findings).toMatchObject([{ code: 'json-shape' }]);
  });
});
