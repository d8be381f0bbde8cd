/**
 * Findings on the imported result carry lines of the canonical text import rendered; the user
 * reads their own file. Each such line is mapped back to the source line that holds the same
 * text (a sub-spec's title, an item), or dropped when the line is baton's own (`## Remaining`).
 */
import type { Finding } from '../handoff/finding.js';

const MARKUP = /^\s*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,3}[.)]\s+)?/;

/** `findings` with each output line replaced by its line in `source` (or none when not found). */
export function toSourceLines(findings: readonly Finding[], output: string, source: string): Finding[] {
  const out = output.split('\n');
  const src = source.split('\n');
  const cache = new Map<number, number | undefined>();
  return findings.map((f) => {
    if (f.line === undefined) return f;
    if (!cache.has(f.line)) cache.set(f.line, locate(out[f.line - 1] ?? '', src));
    const line = cache.get(f.line);
    const { line: _, ...rest } = f;
    return line === undefined ? rest : { ...rest, line };
  });
}

// The first source line holding the text of an output line (its first 60 characters, markup off).
function locate(text: string, src: readonly string[]): number | undefined {
  const probe = text
    .replace(MARKUP, '')
    .replace(/\\(?=[#`~—<])/g, '')
    .trim()
    .slice(0, 60);
  if (probe.length < 3 || /^(?:Goal|Summary|Done|Remaining|Notes|Decisions)$/.test(probe)) return undefined;
  const at = src.findIndex((l) => l.includes(probe));
  return at < 0 ? undefined : at + 1;
}
