/**
 * Free text inside a context-kit section: on top of the canonical escapes, `###` lines are
 * escaped too, because baton uses `###` sub-headings to carry canonical fields that context-kit
 * has no section for.
 */
import { escapeBlock, unescapeBlock } from '../text.js';

/** Escapes a goal or summary for a context-kit section. */
export function escapeCkBlock(text: string): string {
  return escapeBlock(text)
    .split('\n')
    .map((line) => (/^\\*###(?=[ \t]|$)/.test(line) ? `\\${line}` : line))
    .join('\n');
}

/** Reverses `escapeCkBlock` (and reads plain canonical escapes too). */
export function unescapeCkBlock(text: string): string {
  return unescapeBlock(
    text
      .split('\n')
      .map((line) => (/^\\+###(?=[ \t]|$)/.test(line) ? line.slice(1) : line))
      .join('\n'),
  );
}
