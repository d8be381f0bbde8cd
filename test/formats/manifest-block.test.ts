/**
 * The canonical format keeps a `context_manifest` block in its front matter: read dedented,
 * rendered back indented by two spaces, unchanged through parse and render; any other nested
 * key is still malformed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBaton } from '../../src/formats/baton/parse.js';
import { renderBaton } from '../../src/formats/baton/render.js';
import { renderContextKit } from '../../src/formats/context-kit/render.js';
import { parseJson, renderJson } from '../../src/formats/json/codec.js';
import { isManifestText } from '../../src/handoff/values.js';
import { handoff } from '../support/arbitraries.js';

const HEAD =
  '---\nschema: baton/handoff-v1\nid: 01JD3Z8Q7X9V2K4M6N8P0R2T4W\ncreated_at: 2026-11-30T01:14:19Z\nfrom: builder\nstatus: complete\n';
const BODY = '---\n\n# T\n\n## Goal\n\ng\n\n## Summary\n\ns\n';

describe('context_manifest block', () => {
  it('reads the block dedented, in any indentation, with blank lines inside, and a flow mapping', () => {
    const four = parseBaton(
      `${HEAD}context_manifest:\n    class: guidance\n\n    supersedes:\n      - a\n${BODY}`,
    );
    expect(four.findings.filter((f) => f.verdict !== 'INFO')).toEqual([]);
    expect(four.handoff.context_manifest).toBe('class: guidance\n\nsupersedes:\n  - a');
    expect(four.fieldLines?.context_manifest).toBe(7);
    const flow = parseBaton(`${HEAD}context_manifest: {class: guidance}\n${BODY}`);
    expect(flow.handoff.context_manifest).toBe('{class: guidance}');
    expect(renderBaton(flow.handoff)).toContain('context_manifest:\n  {class: guidance}\n---');
  });

  it('still calls any other nesting, an empty block or a repeated block malformed', () => {
    const codes = (t: string) => parseBaton(t).findings.map((f) => f.code);
    expect(codes(`${HEAD}meta:\n  owner: x\n${BODY}`)).toContain('front-matter-not-flat');
    expect(codes(`${HEAD}context_manifest:\n${BODY}`)).toContain('front-matter-empty');
    expect(codes(`${HEAD}context_manifest:\n  a: 1\ncontext_manifest:\n  b: 2\n${BODY}`)).toContain(
      'front-matter-duplicate',
    );
  });

  it('survives parse and render unchanged, in Markdown and JSON', () => {
    const line = fc
      .array(fc.constantFrom('a', 'b', ':', ' ', '-', '[', ']', '#', "'", 'é', '漢', '1'), {
        minLength: 1,
        maxLength: 12,
      })
      .map((cs) => cs.join(''));
    const text = fc
      .array(fc.tuple(fc.constantFrom('', '  ', '    '), line), { minLength: 1, maxLength: 6 })
      .map((ls) => ['key: v', ...ls.map(([indent, l]) => `${indent}${l.trim()}`)].join('\n'))
      .filter(isManifestText);
    fc.assert(
      fc.property(handoff, text, (h, manifest) => {
        const withBlock = { ...h, context_manifest: manifest };
        const md = renderBaton(withBlock);
        const back = parseBaton(md);
        expect(back.handoff.context_manifest).toBe(manifest);
        expect(renderBaton(back.handoff)).toBe(md);
        expect(parseJson(renderJson(withBlock).text).handoff.context_manifest).toBe(manifest);
      }),
      { numRuns: 100 },
    );
  });

  it('is a loss for context-kit, whose front matter is flat', () => {
    const h = parseBaton(`${HEAD}context_manifest:\n  class: guidance\n${BODY}`).handoff;
    expect(renderContextKit(h).losses.map((l) => l.field)).toContain('context_manifest');
  });
});
