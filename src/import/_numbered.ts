/**
 * Numbered headings written as plain lines (`1) Objective`, `2. Completed work`) with the text
 * under them unindented. Such a line reads as a list item, so it is a heading only when the
 * document is built of them: two or more of these lines, numbered in order, name a field whole.
 * Then every line of that shape is a heading, so a section with no field (`5) Trivia`) stays one
 * section in Notes instead of becoming an item of the section before it.
 */
import { FenceTracker } from '../formats/text.js';
import { isExactSynonym } from './_synonyms.js';

const NUMBERED = /^\s{0,3}(\d{1,2})[.)]\s+(?:\*\*)?([\p{L}][^:：.!?*`|]{0,50}?)(?:\*\*)?\s*$/u;

/** Line index → heading text, for the numbered lines that are headings (none for most files). */
export function numberedHeadings(lines: readonly string[]): Map<number, string> {
  const found: { i: number; n: number; text: string }[] = [];
  const fence = new FenceTracker();
  lines.forEach((line, i) => {
    const m = fence.step(line) ? null : NUMBERED.exec(line);
    const before = i === 0 || (lines[i - 1] as string).trim() === '';
    const after = lines[i + 1];
    // The text under it starts on the next line, at the margin (indented lines are a list's).
    if (m && before && after !== undefined && /^\S/.test(after) && !/^\d{1,2}[.)]\s/.test(after)) {
      found.push({ i, n: Number(m[1]), text: (m[2] as string).trim() });
    }
  });
  const ordered = found.every((f, k) => k === 0 || f.n > (found[k - 1] as { n: number }).n);
  const named = found.filter((f) => isExactSynonym(f.text)).length;
  return new Map(ordered && named >= 2 ? found.map((f) => [f.i, f.text]) : []);
}
