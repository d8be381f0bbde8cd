/**
 * Maps line numbers of a rendered handoff back to the draft it was rendered from, so that a
 * finding about what `write` rendered points at the user's own line. A line whose text appears
 * in the draft maps to that line (the nearest one to where the structure says it should be);
 * otherwise the structure decides: the same front matter key, the same section heading, the same
 * list item, or the same offset after the nearest of those.
 */
import type { Finding } from '../handoff/finding.js';
import type { ParseResult } from './types.js';

/** One anchor: a line of the rendered text and the draft line it comes from. */
type Anchor = [rendered: number, draft: number];

function anchorsOf(draft: ParseResult, rendered: ParseResult): Anchor[] {
  const out: Anchor[] = [];
  const pairs = <K extends string>(
    a: Partial<Record<K, number>> = {},
    b: Partial<Record<K, number>> = {},
  ) => {
    for (const key of Object.keys(b) as K[]) {
      const r = b[key];
      const d = a[key];
      if (r !== undefined && d !== undefined) out.push([r, d]);
    }
  };
  pairs(draft.fieldLines, rendered.fieldLines);
  pairs(draft.sectionLines, rendered.sectionLines);
  const draftItems = draft.itemLines ?? {};
  for (const [key, lines] of Object.entries(rendered.itemLines ?? {})) {
    const from = draftItems[key as keyof typeof draftItems] ?? [];
    (lines ?? []).forEach((r, i) => {
      const d = from[i];
      if (d !== undefined) out.push([r, d]);
    });
  }
  return out.sort((x, y) => x[0] - y[0]);
}

/** A function from rendered line numbers to draft line numbers (undefined: the draft has no such line). */
export function mapRenderedLines(
  draftText: string,
  draft: ParseResult,
  renderedText: string,
  rendered: ParseResult,
): (line: number) => number | undefined {
  const draftLines = draftText.split('\n');
  const renderedLines = renderedText.split('\n');
  const anchors = anchorsOf(draft, rendered);
  const byText = new Map<string, number[]>();
  draftLines.forEach((l, i) => {
    const key = l.trim();
    if (key === '' || key === '---') return;
    const list = byText.get(key) ?? [];
    list.push(i + 1);
    byText.set(key, list);
  });
  return (line) => {
    const exact = anchors.find(([r]) => r === line);
    if (exact) return exact[1];
    const before = anchors.filter(([r]) => r < line).at(-1);
    const estimate = before ? before[1] + (line - before[0]) : undefined;
    const candidates = byText.get((renderedLines[line - 1] ?? '').trim());
    if (candidates?.length) {
      if (estimate === undefined) return candidates[0];
      return candidates.reduce((a, b) => (Math.abs(b - estimate) < Math.abs(a - estimate) ? b : a));
    }
    return estimate !== undefined && estimate <= draftLines.length ? estimate : undefined;
  };
}

/**
 * The findings with their lines mapped to the draft's; a finding whose line the draft does not
 * have keeps the rendered line in its message instead.
 */
export function findingsOnDraft(
  findings: readonly Finding[],
  map: (line: number) => number | undefined,
): Finding[] {
  return findings.map((f) => {
    if (f.line === undefined) return f;
    const line = map(f.line);
    if (line !== undefined) return { ...f, line };
    const { line: rendered, ...rest } = f;
    return { ...rest, message: `${f.message} (line ${rendered} of the handoff as rendered)` };
  });
}
