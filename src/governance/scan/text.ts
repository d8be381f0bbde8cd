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
import { INVISIBLE_RE, MAY_BE_INVISIBLE_RE } from './_chars.js';

/** The name of a view. */
export type View = 'raw' | 'norm' | 'words' | 'folded';

const ENTITY_RE = /&(?:(lt|gt|amp|quot|apos|nbsp)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };
// What the words view changes (see `words`): emphasis marks, other space characters and curly
// single quotes, and two spaces (a run of spaces and marks, read to both its ends in `words`).
// (After NFKC the Unicode spaces other than these are already plain spaces.)
const WORDS_RE = /[*_~`"\u201C\u201D\u00AB\u00BB\u201E|\t\f\v\u00a0\u2028\u2029\u3000\u2018\u2019]| {2}/g;
const NON_ASCII_RE = /[^\0-\x7f]/;
/**
 * The symbols besides ASCII that a plain text may have (dashes, arrows, bullets, check marks, box
 * drawing, math and currency signs): symbols that NFKC and lower case leave as they are, alone or
 * beside any other of them or ASCII, and that are neither invisible, letters, quotes, emphasis nor
 * spaces. A text without `&` and with nothing but these and ASCII is its own NFKC form, has no
 * invisible character, and nothing to fold but digits and spaced letters (a unit test checks the
 * list against NFKC).
 */
export const PLAIN_SYMBOLS =
  '\u2014\u2013\u2010\u2192\u2190\u2191\u2193\u2194\u21d2\u21d0\u21d4\u21b3\u2022\u00b7\u25e6\u25aa\u25b8\u25ba\u2713\u2714\u2717\u2718\u2705\u274c\u2605\u2606\u2264\u2265\u2248\u00b1\u2212\u00b0\u00a7\u00a9\u00ae\u20ac\u00a3\u00a5\u00a2\u00b6\u2020\u2021\u2030\u2500\u2502\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c\u2550\u2551';
const NON_ASCII_RUN_RE = /[^\0-\x7f]{1,256}/g;
// A text with more runs of other characters than this is not looked at closely (not plain).
const MAX_SYMBOL_RUNS = 64;
let plainSymbols: Set<number> | undefined;

const LATIN_MARKS_RE = /([a-z])[\u0300-\u036f]{1,64}/g;
const ACCENTED_RE = /[\u00c0-\u024f\u1e00-\u1eff]|[\u0300-\u036f]/;
const CYRILLIC_GREEK_RE = /[\u0370-\u04FF]/;
const FOLDABLE_RE = /[\u00c0-\u024f\u1e00-\u1eff\u0370-\u04ff]|[\u0300-\u036f]/;
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
// A digit or sign used as a letter: one beside a Latin letter (the class first, so that most
// positions fail on one test).
const LEET_RE = /[013457@$](?:(?=[a-z])|(?<=[a-z].))/g;
// Bounded so that a long run of single letters cannot make the match quadratic; the letter
// before a match is checked in the replacer (a leading look-behind slows every position).
const SPACED_RE = /(?:[a-z][ ._-]){2,60}[a-z](?![a-z0-9])/g;

/** A text and its views, with line numbers for positions in any view. */
export class ScanText {
  readonly raw: string;
  private readonly views = new Map<View, string>();
  private readonly starts = new Map<View, number[]>();
  private isAscii: boolean | undefined;
  private isPlain: boolean | undefined;
  private mayHide: boolean | undefined;

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

  /**
   * True when the text is plain: no `&` and nothing but ASCII and `PLAIN_SYMBOLS`.
   * Its norm view is then its lower case, and no rule about invisible characters can match.
   */
  get plain(): boolean {
    this.isPlain ??= !this.raw.includes('&') && (this.ascii || onlyPlainSymbols(this.raw));
    return this.isPlain;
  }

  /**
   * False when the text has none of the invisible characters baton strips (zero-width, format,
   * direction, tag characters, variation selectors): true when it may have some.
   */
  get mayHideCharacters(): boolean {
    this.mayHide ??= !this.ascii && !this.plain && MAY_BE_INVISIBLE_RE.test(this.raw);
    return this.mayHide;
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
        // NFKC leaves plain text as it is, and it has no invisible characters to strip.
        if (this.plain) return this.raw.toLowerCase();
        // Without references to decode, the text is what is stripped: its own test answers.
        return this.raw.includes('&') || this.mayHideCharacters
          ? normalize(this.raw)
          : this.raw.normalize('NFKC').toLowerCase();
      case 'words':
        return words(this.view('norm'));
      case 'folded':
        return fold(this.view('words'), this.plain);
      default:
        return this.raw;
    }
  }
}

// True when every character of `raw` beyond ASCII is one of `PLAIN_SYMBOLS` (looked for among
// few runs: one regular expression of the symbols' complement is slower than this on 8 KiB).
function onlyPlainSymbols(raw: string): boolean {
  plainSymbols ??= new Set([...PLAIN_SYMBOLS].map((c) => c.charCodeAt(0)));
  NON_ASCII_RUN_RE.lastIndex = 0;
  let runs = 0;
  for (let m = NON_ASCII_RUN_RE.exec(raw); m; m = NON_ASCII_RUN_RE.exec(raw)) {
    if (++runs > MAX_SYMBOL_RUNS) return false;
    const run = m[0];
    for (let i = 0; i < run.length; i++) if (!plainSymbols.has(run.charCodeAt(i))) return false;
  }
  return true;
}

/** Character references decoded, invisible characters removed, NFKC, lower case. */
export function normalize(text: string): string {
  const decoded = text.includes('&') ? text.replace(ENTITY_RE, decodeEntity) : text;
  const visible = MAY_BE_INVISIBLE_RE.test(decoded) ? decoded.replace(INVISIBLE_RE, '') : decoded;
  return visible.normalize('NFKC').toLowerCase();
}

/**
 * `norm` without Markdown emphasis and curly quotes, runs of spaces as one: what these three
 * replacements, one after the other, make of it (`threeReplacements`), in one pass: the spaces
 * and marks next to each other form one run, whose marks go and whose spaces (joined once the
 * marks are gone) count as one space per 4,096 (a single space stays). Quicker where marks are
 * few; where they are many (JSON is full of quotes) the three replacements are, and are used.
 */
function words(norm: string): string {
  let out = '';
  let last = 0;
  let found = 0;
  WORDS_RE.lastIndex = 0;
  for (let m = WORDS_RE.exec(norm); m; m = WORDS_RE.exec(norm)) {
    // More than one mark in 64 characters, so far or in all: the replacements are quicker.
    if (++found > norm.length >> 6 || (found === 32 && m.index < 32 * 64)) return threeReplacements(norm);
    let at = m.index;
    const c = norm.charCodeAt(at);
    let end = at + 1;
    let put: string;
    if (c === 0x2018 || c === 0x2019) put = "'";
    else if (c !== 0x20 && !isMark(c)) put = ' ';
    else {
      // The run starts with the spaces before its first mark (after what is already read).
      while (at > last && norm.charCodeAt(at - 1) === 0x20) at--;
      let spaces = 0;
      for (end = at; end < norm.length; end++) {
        const d = norm.charCodeAt(end);
        if (d === 0x20) spaces++;
        else if (!isMark(d)) break;
      }
      put = spaces === 0 ? '' : ' '.repeat(Math.ceil(spaces / 4096));
    }
    out += norm.slice(last, at) + put;
    last = end;
    WORDS_RE.lastIndex = end;
  }
  return last === 0 ? norm : out + norm.slice(last);
}

function threeReplacements(norm: string): string {
  return norm
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[*_~`"\u201C\u201D\u00AB\u00BB\u201E|]{1,4096}/g, '')
    .replace(/ {2,4096}|[\t\f\v\u00a0\u2028\u2029\u3000]/g, ' ');
}

// An emphasis mark or straight or curly double quote (`*_~\`"|“”«»„`).
function isMark(c: number): boolean {
  return (
    c === 0x2a ||
    c === 0x5f ||
    c === 0x7e ||
    c === 0x60 ||
    c === 0x22 ||
    c === 0x7c ||
    c === 0x201c ||
    c === 0x201d ||
    c === 0xab ||
    c === 0xbb ||
    c === 0x201e
  );
}

function decodeEntity(_m: string, named?: string, dec?: string, hex?: string): string {
  if (named) return NAMED[named.toLowerCase()] ?? '';
  const cp = dec ? Number(dec) : Number.parseInt(hex ?? '', 16);
  // A reference to a line break or control character must not change the line count.
  if (!Number.isFinite(cp) || cp < 0x20 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return ' ';
  return String.fromCodePoint(cp);
}

function fold(words: string, plain: boolean): string {
  let out = words;
  // Plain text has no accented, Cyrillic or Greek letter (`NOT_PLAIN_RE`).
  if (!plain && NON_ASCII_RE.test(out) && FOLDABLE_RE.test(out)) {
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
  out = unleet(out);
  return out.replace(SPACED_RE, (m, at: number, all: string) =>
    /[a-z0-9]/.test(all.charAt(at - 1)) ? m : m.replace(/[ ._-]/g, ''),
  );
}

// Each digit or sign of `LEET` next to a Latin letter (in the text as given) read as the letter.
function unleet(text: string): string {
  let out = '';
  let last = 0;
  LEET_RE.lastIndex = 0;
  for (let m = LEET_RE.exec(text); m; m = LEET_RE.exec(text)) {
    const at = m.index;
    out += text.slice(last, at) + LEET[m[0]];
    last = at + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}
