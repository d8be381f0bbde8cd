/**
 * Characters a reader cannot see: zero-width and format characters, bidirectional controls,
 * Unicode tag characters and variation selectors, and the contexts where some of them are
 * ordinary (emoji sequences, scripts that need joiners, flag tags).
 */

/** Zero-width and invisible format characters (joiners handled by `isOrdinaryJoiner`). */
const ZERO_WIDTH =
  '\u200B\u200C\u200D\u2060\u2061\u2062\u2063\u2064\uFEFF\u180E\u00AD\u034F\u115F\u1160\u3164\uFFA0\u17B4\u17B5\u200E\u200F\u061C';
/** Bidirectional embeddings, overrides and isolates (Trojan Source). */
const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';

/** Every invisible character baton strips before matching text. */
export const INVISIBLE_RE = new RegExp(
  `[${ZERO_WIDTH}${BIDI}\\uFE00-\\uFE0F\\u{E0000}-\\u{E007F}\\u{E0100}-\\u{E01EF}]`,
  'gu',
);
/**
 * A quick test, without the `u` flag, that is true wherever `INVISIBLE_RE` would match: its
 * characters outside the BMP (U+E0000–U+E01EF) all have the high surrogate U+DB40.
 */
export const MAY_BE_INVISIBLE_RE = new RegExp(`[${ZERO_WIDTH}${BIDI}\\uFE00-\\uFE0F\\uDB40]`);
// Runs are matched in pieces of at most 4096 characters: an unbounded run over megabytes of
// one character overflows the regular expression engine's stack.

/** Bidirectional controls, globally. */
export const BIDI_RE = new RegExp(`[${BIDI}]{1,4096}`, 'g');
/** Runs of zero-width characters and variation selectors, globally. */
export const ZERO_WIDTH_RUN_RE = new RegExp(
  `[${ZERO_WIDTH}\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]{1,4096}`,
  'gu',
);
/** Runs of Unicode tag characters (U+E0000–U+E007F), globally. */
export const TAG_RUN_RE = /[\u{E0000}-\u{E007F}]{1,4096}/gu;

const VS_RE = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const PICTO_RE = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u20E3/u;
// Scripts whose spelling needs ZWJ/ZWNJ (Arabic, Persian, Syriac, the Indic scripts, Sinhala).
const JOINING_SCRIPT_RE = /[\u0600-\u08FF\u0900-\u0DFF\uA8E0-\uA8FF]/;
const RTL_RE = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const LETTER_RE = /\p{L}/u;
// A subdivision flag: black flag, tag letters or digits, cancel tag (England, Scotland, Wales).
const FLAG_TAGS_RE = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,7}\u{E007F}/gu;

/** True when the one character `run` at `index` of `text` is ordinary where it stands. */
export function isOrdinaryInvisible(text: string, index: number, run: string): boolean {
  const before = charBefore(text, index);
  const after = charAt(text, index + run.length);
  // A BOM at the very start of the text is an encoding mark, not content.
  if (run === '\uFEFF' && index === 0) return true;
  // One variation selector after a character picks its glyph (emoji style, CJK variants).
  if (VS_RE.test(run)) return before !== '' && !VS_RE.test(before);
  if (run === '\u200D' || run === '\u200C') {
    if (PICTO_RE.test(before) && PICTO_RE.test(after)) return true;
    return JOINING_SCRIPT_RE.test(before) || JOINING_SCRIPT_RE.test(after);
  }
  // Direction marks are how right-to-left text is written.
  if (run === '\u200E' || run === '\u200F' || run === '\u061C') {
    return RTL_RE.test(before) || RTL_RE.test(after);
  }
  // A soft hyphen inside a word marks where it may break.
  if (run === '\u00AD') return LETTER_RE.test(before) && LETTER_RE.test(after);
  return false;
}

/** `text` with the tag characters of subdivision flags (ordinary emoji) blanked, same length. */
export function withoutFlagTags(text: string): string {
  return text.replace(FLAG_TAGS_RE, (m) => `\u{1F3F4}${' '.repeat(m.length - 2)}`);
}

/** The ASCII text that tag characters spell (U+E0020–U+E007E map to ' '–'~'). */
export function decodeTagChars(run: string): string {
  let out = '';
  for (const ch of run) {
    const cp = ch.codePointAt(0) as number;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}

// Control, format and invisible characters (the combining grapheme joiner outside the class).
const HIDDEN_RE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: making control characters visible is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\u3164\ufeff\uffa0\u{E0000}-\u{E007F}]|\u034f|(?:[\ufe00-\ufe0f]|[\u{E0100}-\u{E01EF}])/gu;

/** The text with invisible and control characters shown as `\u{…}` escapes, for messages. */
export function visible(text: string): string {
  return text.replace(HIDDEN_RE, (ch) => `\\u{${(ch.codePointAt(0) as number).toString(16).toUpperCase()}}`);
}

function charBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const code = text.charCodeAt(index - 1);
  // The character before may be the low half of a surrogate pair (emoji are).
  if (code >= 0xdc00 && code <= 0xdfff && index >= 2) return text.slice(index - 2, index);
  return text.charAt(index - 1);
}

function charAt(text: string, index: number): string {
  const cp = text.codePointAt(index);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}
