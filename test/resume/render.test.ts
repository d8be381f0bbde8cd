/** The brief's rendering of the previous agent's record. */
import { describe, expect, it } from 'vitest';
import { emptySections } from '../../src/handoff/types.js';
import type { Brief } from '../../src/resume/brief.js';
import { renderBrief } from '../../src/resume/render.js';

describe('renderBrief', () => {
  it('keeps a blank line between Remaining sub-specs, so each reads as its own item', () => {
    const brief: Brief = {
      verdict: 'VALID',
      exitCode: 0,
      path: '.baton/handoff.md',
      handoff: {
        ...emptySections(),
        title: 'T',
        goal: 'G',
        summary: 'S',
        remaining: [
          { title: 'Cover it with tests', files_in_scope: [], verify_by: ['npm test'] },
          { title: 'Make `npm test` pass', files_in_scope: [], verify_by: ['npm test'] },
        ],
      },
      provenance: [],
      findings: [],
      reverify: [],
      commands: [],
    };
    expect(renderBrief(brief)).toContain('- Verify by: `npm test`\n\n### Make `npm test` pass');
  });
});
