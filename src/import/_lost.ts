/**
 * The check behind "import loses no text": the words of the source that appear nowhere in the
 * result. Markup may go — headings and keys that were mapped to a field (the report names them),
 * `Label:` prefixes, table header rows, XML and JSON names, code fence languages, JSON literals
 * and escapes, and the reason connector the canonical grammar writes as "because" — text may not.
 */
import { isTableRule } from './_blocks.js';
import type { Mapping } from './_map.js';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}_'-]{2,}/gu;
const MARKUP_WORDS = [
  ...['because', 'porque', 'потому', 'что', 'since', 'weil', 'denn', 'car', 'parce', 'que', 'pois'],
  ...['null', 'true', 'false'],
];
const NAMES = /<[?/]?([\w.-]+)|\s([\w.-]+)="|"([\w.-]+)"\s*:|^\s*(?:`{3,}|~{3,})\s*([\w+-]+)/gm;

// A word's trailing `_`, `'` and `-` are not part of it: `__0__` is emphasis around `0`, and the
// output, which writes it without the markers, still holds the text.
const words = (text: string) =>
  new Set((text.normalize('NFC').match(WORD) ?? []).map((w) => w.replace(/[_'-]+$/u, '')));

/** Words of `source` missing from `output` that are not markup (`names`: the keys of data). */
export function lostWords(
  source: string,
  output: string,
  mappings: readonly Mapping[],
  names: readonly string[] = [],
): string[] {
  // Markup as text: a word counts as markup when some markup contains it.
  const markup: string[] = [...MARKUP_WORDS];
  for (const m of mappings) if (m.field !== 'notes') markup.push(m.source);
  const lines = source.split('\n');
  lines.forEach((line, i) => {
    if (/^\s*\|/.test(line) && isTableRule(lines[i + 1] ?? '')) markup.push(line);
    // One `\s*` per stretch of space (two in a row backtrack quadratically on a long blank run).
    const label = /^\s*(?:(?:[-*+]|\d+[.)])\s*)?(?:\*\*)?([\p{L}][\p{L} _-]{0,30}?)(?:\*\*)?\s*[:：]/u.exec(
      line,
    );
    if (label) markup.push(label[1] as string);
  });
  for (const m of source.matchAll(NAMES)) markup.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  // In YAML, JSON and XML data every key is a name, also the keys of empty values.
  markup.push(...names);
  const markupText = markup.join('\n').normalize('NFC');
  // JSON escapes (`\n`, `\u00e9`) are markup too: the `nsrc` of `\nsrc` is not a word of the text.
  const text = source.replace(/\\(?:[nrtbf"\\/]|u[0-9a-fA-F]{4})/g, ' ');
  const out = output.normalize('NFC');
  const outWords = words(out);
  // Most words are words of the output too; only the rest need substring searches.
  return [...words(text)].filter((w) => !outWords.has(w) && !out.includes(w) && !markupText.includes(w));
}
