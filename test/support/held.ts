/**
 * What each format holds of a canonical handoff: the handoff a round trip through the format
 * must give back (the round-trip property tests compare against it).
 */
import type { FormatName, ParsedHandoff } from '../../src/formats/types.js';
import type { FileTouched } from '../../src/handoff/types.js';

/** `h` reduced to the fields `format` holds, in the shape the format gives them back. */
export function heldBy(format: FormatName, h: ParsedHandoff): ParsedHandoff {
  const out: ParsedHandoff = structuredClone(h);
  switch (format) {
    case 'pipeline-xml':
      delete out.goal;
      out.facts = [];
      out.dead_ends = [];
      out.preferences = [];
      out.files_touched = h.files_touched.flatMap((f): FileTouched[] => {
        if (f.action !== 'renamed') {
          const { from: _from, ...kept } = f;
          return [kept];
        }
        const created: FileTouched = { action: 'created', path: f.path };
        if (f.note) created.note = f.note;
        return f.from ? [{ action: 'deleted', path: f.from }, created] : [created];
      });
      return out;
    case 'anchor':
      delete out.goal;
      delete out.summary;
      delete out.notes;
      out.facts = [];
      out.validation = [];
      out.dead_ends = [];
      out.preferences = [];
      return out;
    case 'forge':
      delete out.summary;
      delete out.notes;
      out.decisions = [];
      out.files_touched = [];
      out.validation = [];
      return out;
    case 'phase': {
      delete out.goal;
      delete out.notes;
      out.done = [];
      out.remaining = [];
      out.files_touched = [];
      out.validation = [];
      out.dead_ends = [];
      // A JSON object: one value per claim (the first), integer-like keys first.
      const evidence: Record<string, string> = {};
      for (const f of h.facts) if (!Object.hasOwn(evidence, f.claim)) evidence[f.claim] = f.evidence;
      out.facts = Object.entries(evidence).map(([claim, e]) => ({
        verdict: 'confirmed',
        claim,
        evidence: e,
      }));
      out.decisions = h.decisions.map((d) => ({ ...d, rejected: [] }));
      return out;
    }
    default:
      return out;
  }
}
