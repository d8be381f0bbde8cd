/**
 * The building blocks of phrase patterns. Patterns are matched against the `folded` view (lower
 * case, accents on Latin letters dropped, look-alikes and spaced letters folded, so every Latin
 * pattern is plain ASCII). Words are joined by `\s*` so that spacing tricks do not matter. Every
 * repetition is bounded: no pattern can take more than linear time.
 */

/**
 * Where a pattern starts: nothing, since a leading look-behind makes every position slow;
 * `startsWord` checks the character before a match instead.
 */
export const B = '';
/**
 * Letters of the scripts the patterns are written in (the views are lower case). Unicode
 * property classes are avoided on purpose: they make these large patterns slow to compile.
 */
export const LETTER = 'a-z\\u00c0-\\u024f\\u0370-\\u04ff';
/** Not after a letter or digit (for use inside a pattern, never at its start). */
export const LB = `(?<![${LETTER}0-9])`;
/** Where a word ends: no letter follows. */
export const E = `(?![${LETTER}])`;
/** Between words: any whitespace, or none (spaced-out letters are joined in the view). */
export const W = '\\s*';
/** A non-capturing alternation of the given sources. */
export const alt = (xs: readonly string[]) => `(?:${xs.join('|')})`;
/** A pattern source (a marker that keeps the tables readable). */
export const re = (source: string) => source;

/**
 * Patterns of one language or script, run as one regular expression, and literals one of which
 * every match contains. One pass finds every group's literals (`_triggers.ts`); a group runs only
 * around them, and a group whose literals are not in the text is never compiled (compiling these
 * patterns costs milliseconds of start-up).
 */
export interface PhraseGroup {
  /**
   * Literals one of which every match contains (lower case, as in the view). The group's
   * pattern runs only around where they are found.
   */
  triggers: readonly string[];
  sources: readonly string[];
  compiled?: RegExp;
  glued?: RegExp;
}

/** A family of phrases: its groups, each tried where its triggers are. */
export type PhraseFamily = readonly PhraseGroup[];

/** A group of patterns with its trigger literals. */
export const group = (triggers: readonly string[], sources: readonly string[]): PhraseGroup => ({
  triggers,
  sources,
});
/** Trigger literals written as one comma-separated string, to keep the tables short. */
export const t = (literals: string) => literals.split(',');

/** The group's patterns without their end-of-word checks, for glued text (compiled on first use). */
export function compiledGlued(g: PhraseGroup): RegExp {
  g.glued ??= new RegExp(g.sources.map((x) => `(?:${x.split(E).join('')})`).join('|'), 'g');
  return g.glued;
}

/** The group's regular expression, compiled on first use. */
export function compiledGroup(g: PhraseGroup): RegExp {
  g.compiled ??= new RegExp(g.sources.map((x) => `(?:${x})`).join('|'), 'g');
  return g.compiled;
}

const WORD_CHAR_RE = new RegExp(`[${LETTER}0-9]`);
const LATIN_OR_CYRILLIC_RE = /^[a-z\u0400-\u04ff]/;

/** True when a match that starts with a letter of a spaced script does not start mid-word (or starts in glued text). */
export function startsWord(source: string, index: number): boolean {
  if (index === 0 || !LATIN_OR_CYRILLIC_RE.test(source.charAt(index))) return true;
  return !WORD_CHAR_RE.test(source.charAt(index - 1)) || inLongWord(source, index);
}

// Inside a word of sixteen letters or more there are no word boundaries left to respect: it is
// text whose spaced-out letters were joined (or a long compound), and a phrase may start anywhere.
function inLongWord(source: string, index: number): boolean {
  let from = index;
  let to = index;
  while (from > 0 && index - from < 4096 && WORD_CHAR_RE.test(source.charAt(from - 1))) from--;
  while (to < source.length && to - index < 4096 && WORD_CHAR_RE.test(source.charAt(to))) to++;
  return to - from >= 16;
}
