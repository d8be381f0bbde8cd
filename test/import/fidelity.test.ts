/**
 * Import fidelity (issue 12): import never invents a check, Notes keep code as written, one
 * fence reader, and the summary and goal fallbacks take nothing a person would not sign.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBaton } from '../../src/formats/baton/parse.js';
import { escapeBlock, FenceTracker, unescapeBlock } from '../../src/formats/text.js';
import { importHandoff } from '../../src/import/index.js';

const NOW = new Date(0);
const run = (text: string) => importHandoff(text, { now: NOW });

describe('import never invents a check (item 4)', () => {
  it('a sentence under a test heading is a fact, not a command', async () => {
    const { handoff } = await run('# Packages\n\n## Test Baseline\nMaintain 2468 passing tests throughout\n');
    expect(handoff.validation).toEqual([]);
    expect(handoff.facts.map((f) => f.claim)).toEqual(['Maintain 2468 passing tests throughout']);
  });

  it('paths under a Tests heading are not commands', async () => {
    const md =
      '# Files\n\n## Examples & Tests\n\n- `/packages/examples/src/` - Example hooks\n- `/tests/production/` - scenario tests\n';
    const { handoff } = await run(md);
    expect(handoff.validation).toEqual([]);
  });

  it('a code span or a fenced line that reads as a command is a check', async () => {
    const md = [
      '# Checks',
      '',
      '## Verification',
      '',
      '- `npm test` — 42 passed',
      '- Run the linter before merging',
      '- `README.md` documents it',
      '',
      '```bash',
      '$ cargo test --all',
      'test result: ok. 12 passed',
      '```',
    ].join('\n');
    const { handoff, report } = await run(md);
    expect(handoff.validation.map((v) => [v.command, v.result])).toEqual([
      ['npm test', 'passed'],
      ['cargo test --all', 'not run'],
    ]);
    expect(report.textLost).toEqual([]);
    expect(handoff.notes).toContain('Run the linter before merging');
  });

  it('a record check names its command', async () => {
    const json = JSON.stringify({
      goal: 'g',
      checks: [{ name: 'unit', command: 'npm test', result: 'pass' }],
    });
    const { handoff } = await run(json);
    expect(handoff.validation.map((v) => v.command)).toEqual(['npm test']);
  });
});

describe('Notes keep code as written (item 12)', () => {
  it('fence-aware escaping reads back exactly and leaves no heading outside a fence', () => {
    const line = fc.oneof(
      fc.constantFrom('# a', '## b', '\\# c', '```', '~~~', '```js', '\\```', '<!-- x', 'text', ''),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        const e = escapeBlock(text, { fenced: true });
        expect(unescapeBlock(e, { fenced: true })).toBe(text);
        const fence = new FenceTracker();
        for (const l of e.split('\n')) {
          if (!fence.step(l)) expect(/^#{1,2}(?:[ \t]|$)/.test(l)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a # comment inside a fence in Notes is not escaped, and reads back the same', async () => {
    const md = '# Release\n\n## Appendix\n\n```bash\n# 1. Ensure all tests pass\nbun test\n## two\n```\n';
    const { markdown, handoff } = await run(md);
    expect(markdown).toContain('\n# 1. Ensure all tests pass\n');
    expect(markdown).not.toContain('\\# 1.');
    const back = parseBaton(markdown);
    expect(back.handoff.notes).toBe(handoff.notes);
    expect(back.handoff.notes).toContain('## two');
  });

  it('a ~~~ block does not close on a backtick fence (numbered headings after it still read)', async () => {
    const md =
      '1) Objective\nShip the exporter\n\n~~~\n```\n~~~\n\n2) Completed work\nWrote the writer\n\n3) Next steps\nTest it\n';
    const { handoff } = await run(md);
    expect(handoff.goal).toMatch(/^Ship the exporter/);
    expect(handoff.done.map((d) => d.text)).toEqual(['Wrote the writer']);
    expect(handoff.remaining.map((r) => r.title)).toEqual(['Test it']);
  });
});

describe('goal, summary and remaining a person would sign (item 5)', () => {
  it('a task heading is one sub-spec: its lists, tables and sub-sections are its detail', async () => {
    const md = [
      '# Phase 2 → Phase 3 handoff',
      '',
      '## Implementation Tasks',
      '',
      '### Task 1: Exporter (2 hours)',
      '',
      '#### Structure',
      '',
      '- Header: name and date',
      '- Body: one row per item',
      '',
      '### Task 2: Download menu (1 hour)',
      '',
      '- Idle: "Start export"',
      '- Running: "Cancel"',
      '',
      '| State | Label |',
      '|---|---|',
      '| Done | Open file |',
      '',
      '### Must have',
      '',
      '- [ ] Write the changelog',
      '- [ ] Tag the release',
    ].join('\n');
    const { handoff, report } = await run(md);
    expect(handoff.remaining.map((r) => r.title)).toEqual([
      'Task 1: Exporter (2 hours)',
      'Task 2: Download menu (1 hour)',
      'Write the changelog',
      'Tag the release',
    ]);
    expect(report.textLost).toEqual([]);
    expect(handoff.notes).toContain('Body: one row per item');
  });

  it('a task numbered as one keeps its bold sub-headings (Dependencies, Steps) as detail', async () => {
    const md = [
      '# Next session',
      '',
      '## Next Session Priorities',
      '',
      '### Priority 1: Configure the agents (CRITICAL)',
      '',
      '**Dependencies:**',
      '- ✅ CORE_STATE (ready)',
      '',
      '**Steps:**',
      '1. Open the admin page',
      '2. Set the model',
    ].join('\n');
    const { handoff } = await run(md);
    expect(handoff.remaining.map((r) => r.title)).toEqual(['Priority 1: Configure the agents (CRITICAL)']);
    expect(handoff.done).toEqual([]);
  });

  it('a preamble of Date:/Updated:/Branch lines is metadata, not the summary', async () => {
    const md =
      '# Handoff: Release finalization of 2.1\n\nDate: 2026-05-17\nUpdated: 2026-05-18\nBranch / PR: `release/2.1` / pending\n(`#12` `fix: the last bug`)\n\n## Next Steps\n\n- Tag 2.1\n';
    const { handoff, report } = await run(md);
    expect(handoff.summary).toBeUndefined();
    expect(report.provenanceCandidates.map((c) => c.field)).toContain('branch');
    expect(report.textLost).toEqual([]);
  });

  it('a one-word title is no goal, a status board remnant is no summary', async () => {
    const md =
      '# Widget Project Handoff Document\n\n## Current Status\n\n- **Core**: ✅ Complete\n- **CI**: 🔴 Failing\n- **Version**: 0.1.0-beta\n';
    const { handoff } = await run(md);
    expect(handoff.goal).toBeUndefined();
    expect(handoff.summary).toBeUndefined();
    expect(handoff.notes).toContain('**Version**: 0.1.0-beta');
  });

  it('nothing in flight is complete; a section about a run being monitored is not', async () => {
    const quiet = await run(
      '> TL;DR: Tooling for skills. Nothing actively in-flight.\n\n## Inventory\n\n- 18 skills\n',
    );
    expect(quiet.handoff.status).toBe('complete');
    const active = await run(
      '# GRPO training on TPU pods\n\n## Milestones\n\n- ✅ Step 1 trained\n\n## Commands\n\n### Monitoring the Active Run\n\n```bash\nkubectl logs -f run-1\n```\n',
    );
    expect(active.handoff.status).toBe('in-progress');
    expect(active.handoff.remaining.map((r) => r.title)).toEqual(['Monitoring the Active Run']);
  });
});

describe('line numbers of the user’s own file (item 9)', () => {
  it('a sub-spec finding names the source line of the task, not the output line', async () => {
    const md = [
      '# Docs overhaul of the site',
      '',
      'Intro text.',
      '',
      '',
      '',
      '## Next Steps',
      '',
      '',
      '1. Review the preview build',
    ].join('\n');
    const { report } = await run(md);
    const f = report.findings.find((x) => x.code === 'subspec-no-verify');
    expect(f?.line).toBe(10);
  });
});
