import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAnchor, renderAnchor } from '../../src/formats/anchor/codec.js';
import { parseBaton } from '../../src/formats/baton/parse.js';
import { renderBaton } from '../../src/formats/baton/render.js';
import { checkContextKit } from '../../src/formats/context-kit/check.js';
import { parseContextKit } from '../../src/formats/context-kit/parse.js';
import { renderContextKit } from '../../src/formats/context-kit/render.js';
import { parseForge, renderForge } from '../../src/formats/forge/codec.js';
import { parseJson, renderJson } from '../../src/formats/json/codec.js';
import { parsePhase, renderPhase } from '../../src/formats/phase/codec.js';
import { parsePipelineXml, renderPipelineXml } from '../../src/formats/pipeline-xml/codec.js';
import type { FormatName, ParsedHandoff, ParseResult, RenderResult } from '../../src/formats/types.js';
import { handoff } from '../support/arbitraries.js';
import { heldBy } from '../support/held.js';

const plain = (x: unknown) => JSON.parse(JSON.stringify(x));
const runs = { numRuns: Number(process.env.BATON_PROPERTY_RUNS ?? 300) };

describe('round trips', () => {
  it('baton: parse(render(h)) equals h, and rendering again gives the same bytes', () => {
    fc.assert(
      fc.property(handoff, (h) => {
        const text = renderBaton(h);
        const parsed = parseBaton(text);
        expect(parsed.findings.filter((f) => f.verdict !== 'INFO')).toEqual([]);
        expect(plain(parsed.handoff)).toEqual(plain(h));
        expect(renderBaton(parsed.handoff)).toBe(text);
      }),
      runs,
    );
  });

  it('context-kit: parse(render(h)) equals h on every field, and context-kit accepts the layout', () => {
    fc.assert(
      fc.property(
        handoff.filter((h) => h.provenance !== undefined),
        (h) => {
          const { text, losses } = renderContextKit(h);
          const parsed = parseContextKit(text);
          expect(losses.filter((l) => !l.field.startsWith('extra.'))).toEqual([]);
          expect(plain(parsed.handoff)).toEqual(plain(h));
          const structural = checkContextKit(text).findings.filter(
            (f) => !['cap-bytes', 'cap-lines', 'cap-items'].includes(f.code),
          );
          expect(structural).toEqual([]);
        },
      ),
      runs,
    );
  });

  it('json: parse(render(h)) equals h', () => {
    fc.assert(
      fc.property(handoff, (h) => {
        const parsed = parseJson(renderJson(h).text);
        expect(parsed.findings).toEqual([]);
        expect(plain(parsed.handoff)).toEqual(plain(h));
      }),
      { numRuns: 100 },
    );
  });

  it('canonical → context-kit → canonical keeps every field', () => {
    fc.assert(
      fc.property(
        handoff.filter((h) => h.provenance !== undefined),
        (h) => {
          const back = parseContextKit(renderContextKit(parseBaton(renderBaton(h)).handoff).text).handoff;
          expect(renderBaton(back)).toBe(renderBaton(h));
        },
      ),
      { numRuns: 100 },
    );
  });

  const codecs: [FormatName, (h: ParsedHandoff) => RenderResult, (t: string) => ParseResult][] = [
    ['anchor', renderAnchor, parseAnchor],
    ['pipeline-xml', renderPipelineXml, parsePipelineXml],
    ['forge', renderForge, parseForge],
    ['phase', renderPhase, parsePhase],
  ];
  // A handoff with no remaining work cannot be an Anchor handoff: that one finding is expected.
  const expected = (name: FormatName, h: ParsedHandoff) => (f: { verdict: string; code: string }) =>
    f.verdict !== 'INFO' &&
    !(name === 'anchor' && h.remaining.length === 0 && f.code === 'anchor-no-subspec');
  for (const [name, render, parse] of codecs) {
    it(`${name}: parse(render(h)) equals h on every field ${name} holds`, () => {
      fc.assert(
        fc.property(handoff, (h) => {
          const parsed = parse(render(h).text);
          expect(parsed.findings.filter(expected(name, h))).toEqual([]);
          expect(plain(parsed.handoff)).toEqual(plain(heldBy(name, h)));
        }),
        runs,
      );
    });

    it(`canonical → ${name} → canonical keeps every field ${name} holds`, () => {
      fc.assert(
        fc.property(handoff, (h) => {
          const back = parse(render(parseBaton(renderBaton(h)).handoff).text).handoff;
          expect(renderBaton(back)).toBe(renderBaton(heldBy(name, h)));
        }),
        { numRuns: 100 },
      );
    });
  }
});
