/**
 * The views of a text the scan rules match against. Every view keeps the text's line breaks, so
 * a match in any view maps back to its line. Views are built on first use.
 *
 * - `raw`: the text as written (`\r` dropped).
 * - `norm`: HTML character references decoded, invisible characters removed, NFKC, lower case:
 *   `＜ＳＹＳＴＥＭ＞`, `&lt;system&gt;` and `<sys\u200Btem>` all read `<system>`.
 * - `words`: `norm` without Markdown emphasis and quotes, runs of spaces as one.
 * - `folded`: `words` with accents on Latin letters dropped, look-alike Cyrillic and Greek
 *   letters inside Latin words and digits used as letters read as Latin (`1gn0rе` → `ignore`),
 *   and spaced-out letters joined (`i g n o r e` → `ignore`). Phrase rules match here.
 */
import { INVISIBLE_RE } from './_chars.js';

/** The name of a view. */
export type View = 'raw' | 'norm' | 'words' | 'folded';

const ENTITY_RE = /&(?:(lt|gt|amp|quot|apos|nbsp)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };
const EMPHASIS_RE = /[*_~`"\u201C\u201D\u00AB\u00BB\u201E|]{1,4096}/g;
// Runs of two or more spaces, or any other space character: a single space stays as it is.
// (After NFKC the Unicode spaces other than these are already plain spaces.)
const SPACES_RE = / {2,4096}|[\t\f\v\u00a0\u2028\u2029\u3000]/g;
const NON_ASCII_RE = /[\u0080-\u{10FFFF}]/u;
const LATIN_MARKS_RE = /([a-z])[\u0300-\u036f]{1,64}/g;
const ACCENTED_RE = /[\u00c0-\u024f\u1e00-\u1eff]|[\u0300-\u036f]/;
const CYRILLIC_GREEK_RE = /[\u0370-\u04FF]/;
const WORD_RE = /[\p{L}\p{N}]{1,256}/gu;
const CONFUSABLE: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ɡ: 'g',
  ο: 'o',
  α: 'a',
  ι: 'i',
  ε: 'e',
  ν: 'v',
  τ: 't',
  κ: 'k',
  ρ: 'p',
  υ: 'u',
  χ: 'x',
  β: 'b',
  η: 'n',
  μ: 'u',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLE).join('')}]`, 'g');
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
// Every candidate digit, its neighbours checked in the replacer (a look-behind is slow).
const LEET_RE = /[013457@$]/g;
const isLatin = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';
// Bounded so that a long run of single letters cannot make the match quadratic; the letter
// before a match is checked in the replacer (a leading look-behind slows every position).
const SPACED_RE = /(?:[a-z][ ._-]){2,60}[a-z](?![a-z0-9])/g;

/** A text and its views, with line numbers for positions in any view. */
export class ScanText {
  readonly raw: string;
  private readonly views = new Map<View, string>();
  private readonly starts = new Map<View, number[]>();
  private isAscii: boolean | undefined;

  constructor(text: string) {
    this.raw = text.includes('\r') ? text.replace(/\r\n?/g, (m) => (m.length === 2 ? '\n' : ' ')) : text;
    this.views.set('raw', this.raw);
  }

  /** The text of one view (built on first use). */
  view(name: View): string {
    let v = this.views.get(name);
    if (v === undefined) {
      v = this.build(name);
      this.views.set(name, v);
    }
    return v;
  }

  /** True when the text is plain ASCII (no invisible or look-alike characters can be in it). */
  get ascii(): boolean {
    this.isAscii ??= !NON_ASCII_RE.test(this.raw);
    return this.isAscii;
  }

  /** The 1-based line of a position in a view. */
  lineAt(name: View, index: number): number {
    let starts = this.starts.get(name);
    if (!starts) {
      starts = [0];
      const v = this.view(name);
      for (let i = v.indexOf('\n'); i >= 0; i = v.indexOf('\n', i + 1)) starts.push(i + 1);
      this.starts.set(name, starts);
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  private build(name: View): string {
    switch (name) {
      case 'norm':
        // NFKC leaves ASCII as it is, and ASCII has no invisible characters to strip.
        return this.ascii && !this.raw.includes('&') ? this.raw.toLowerCase() : normalize(this.raw);
      case 'words':
        return this.view('norm')
          .replace(/[\u2018\u2019]/g, "'")
          .replace(EMPHASIS_RE, '')
          .replace(SPACES_RE, ' ');
      case 'folded':
        return fold(this.view('words'));
      default:
        return this.raw;
    }
  }
}

/** Character references decoded, invisible characters removed, NFKC, lower case. */
export function normalize(text: string): string {
  const decoded = text.includes('&') ? text.replace(ENTITY_RE, decodeEntity) : text;
  return decoded.replace(INVISIBLE_RE, '').normalize('NFKC').toLowerCase();
}

function decodeEntity(_m: string, named?: string, dec?: string, hex?: string): string {
  if (named) return NAMED[named.toLowerCase()] ?? '';
  const cp = dec ? Number(dec) : Number.parseInt(hex ?? '', 16);
  // A reference to a line break or control character must not change the line count.
  if (!Number.isFinite(cp) || cp < 0x20 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return ' ';
  return String.fromCodePoint(cp);
}

function fold(words: string): string {
  let out = words;
  if (NON_ASCII_RE.test(out)) {
    // Only Latin letters with accents need decomposing (an em dash does not).
    if (ACCENTED_RE.test(out)) out = out.normalize('NFD').replace(LATIN_MARKS_RE, '$1').normalize('NFC');
    // A word that mixes Latin with Cyrillic or Greek letters is a look-alike spelling; words
    // wholly in one script are left alone, so Russian and Greek text stays as it is.
    if (CYRILLIC_GREEK_RE.test(out)) {
      out = out.replace(WORD_RE, (w) =>
        /[a-z]/.test(w) && CYRILLIC_GREEK_RE.test(w)
          ? w.replace(CONFUSABLE_RE, (c) => CONFUSABLE[c] ?? c)
          : w,
      );
    }
  }
  out = out.replace(LEET_RE, (c, at: number, all: string) =>
    isLatin(all[at - 1]) || isLatin(all[at + 1]) ? (LEET[c] ?? c) : c,
  );
  return out.replace(SPACED_RE, (m, at: number, all: string) =>
    /[a-z0-9]/.test(all.charAt(at - 1)) ? m : m.replace(/[ ._-]/g, ''),
  );
}
