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
    default:
      return out;
  }
}
