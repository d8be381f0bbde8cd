/**
 * Import fidelity (issue 12): import never invents a check, Notes keep code as written, one
 * fence reader, and the summary and goal fallbacks take nothing a person would not sign.
 */
import { describe, expect, it } from 'vitest';
import { parseBaton } from '../../src/formats/baton/parse.js';
import { importHandoff } from '../../src/formats/import/index.js';

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
  it('a # comment inside a fence in Notes is not escaped, and reads back the same', async () => {
    const md = '# Release\n\n## Appendix\n\n```bash\n# 1. Ensure all tests pass\nbun test\n## two\n```\n';
    const { markdown, handoff } = await run(md);
    expect(markdown).toContain('\n# 1. Ensure all tests pass\n');
    expect(markdown).not.toContain('\\# 1.');
    const back = parseBaton(markdown);
    expect(back.handoff.notes).toBe(handoff.notes);
    expect(back.handoff.notes).toContain('## two');
  });

  it('a ~~~ block does not close on a backtick fence', async () => {
    const md = '# T\n\n## Notes of mine\n\n~~~\n```\n## Done\n- not an item\n~~~\n\n## Done\n\n- real item\n';
    const { handoff } = await run(md);
    expect(handoff.done.map((d) => d.text)).toEqual(['real item']);
  });
});
