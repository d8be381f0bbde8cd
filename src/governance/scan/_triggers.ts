/**
 * Where the trigger literals of the phrase groups are: one pass over a view that looks up the
 * literals starting at each position in tables, instead of one pass per group.
 */

import type { PhraseGroup } from './_phrase-kit.js';
import {
  AUTHORITY_PHRASES,
  CONCEAL_PHRASES,
  EXFIL_HARD_PHRASES,
  EXFIL_SOFT_PHRASES,
  HIJACK_PHRASES,
  LEAK_PHRASES,
  PERSONA_HARD_PHRASES,
  PERSONA_SOFT_PHRASES,
} from './_phrases.js';
import { IGNORE_PHRASES } from './_phrases-ignore.js';
import { REPLY_EXFIL_PHRASES } from './_phrases-reply.js';
import type { ScanText } from './text.js';

/** The views phrase families are matched in, and the families of each. */
export type PhraseView = 'folded' | 'norm';

/**
 * Groups with no patterns: literals one of which a structural rule's matches contain (so the
 * rule need not run without them), or, for `roleLabel`, which the norm view must hold for the
 * rule to run at all. Looked for with `includes` in the norm view, each when a rule asks.
 */
export const NEEDS = {
  tag: { triggers: ['<'], sources: [] },
  template: { triggers: ['<', '[inst]', '[/inst]'], sources: [] },
  image: { triggers: ['![', '<img'], sources: [] },
  dataUrl: { triggers: ['data:'], sources: [] },
  roleLabel: {
    triggers: ['system', 'assistant', 'human', 'developer', 'instruction', 'response', '[sys'],
    sources: [],
  },
} satisfies Record<string, PhraseGroup>;

/** The phrase families of each view (one trigger pass per view finds all their groups). */
export const FAMILIES: Record<PhraseView, readonly (readonly PhraseGroup[])[]> = {
  folded: [
    IGNORE_PHRASES,
    PERSONA_HARD_PHRASES,
    PERSONA_SOFT_PHRASES,
    HIJACK_PHRASES,
    LEAK_PHRASES,
    AUTHORITY_PHRASES,
    CONCEAL_PHRASES,
    REPLY_EXFIL_PHRASES,
  ],
  norm: [EXFIL_HARD_PHRASES, EXFIL_SOFT_PHRASES],
};

const present = new WeakMap<ScanText, Map<PhraseGroup, boolean>>();

/**
 * True when one of `group`'s literals is in `view` of `text` (in the norm view anywhere, so
 * without a pass over every literal of the view).
 */
export function hasTrigger(text: ScanText, view: PhraseView, group: PhraseGroup): boolean {
  if (view !== 'norm') return triggerPositions(text, view).has(group);
  let known = present.get(text);
  if (!known) {
    known = new Map();
    present.set(text, known);
  }
  let has = known.get(group);
  if (has === undefined) {
    const norm = text.view('norm');
    has = group.triggers.some((literal) => contains(norm, literal));
    known.set(group, has);
  }
  return has;
}

/**
 * True when `literal` is in `source`, looked for where its rarest character is (punctuation, then
 * rare letters: `[` of `[inst]`, `:` of `data:`, `c` of `action`): finding one character is quick,
 * and V8's search for a whole literal can be slow on some texts (`[/inst]` or `action` over a
 * long run of `n` take microseconds).
 */
export function contains(source: string, literal: string): boolean {
  let at = anchors.get(literal);
  if (at === undefined) {
    at = 0;
    for (let i = 1; i < literal.length; i++) if (rarity(literal, i) < rarity(literal, at)) at = i;
    anchors.set(literal, at);
  }
  const c = literal.charAt(at);
  for (let i = source.indexOf(c, at); i >= 0; i = source.indexOf(c, i + 1)) {
    if (source.startsWith(literal, i - at)) return true;
  }
  return false;
}

const anchors = new Map<string, number>();
// Lower is rarer in English prose: punctuation and other characters first, then the letters.
const LETTERS_BY_FREQUENCY = 'qzxjkvbpygfwmucldrhsnioate';

function rarity(literal: string, i: number): number {
  const c = literal.charAt(i);
  const rank = LETTERS_BY_FREQUENCY.indexOf(c);
  return c === ' ' ? 99 : rank < 0 ? -1 : rank;
}

/**
 * A literal of two UTF-16 units or more, and the groups it stands for. A literal of several words
 * (`anything now`) is indexed by its first word; its other words follow after any whitespace,
 * line breaks included, or none (`anything\nnow`, `anythingnow`), as the patterns' `\s*` allow.
 */
interface Entry {
  literal: string;
  /** The words after the first, for a literal of several words. */
  rest?: readonly string[];
  groups: readonly PhraseGroup[];
}

// Whitespace between the words of a literal: at most this much (the views keep line breaks).
const MAX_GAP = 256;

/** Where a literal of `words` ends when it starts at `p` of `source` (by `limit`), or -1. */
function endOf(source: string, p: number, e: Entry, limit: number): number {
  if (!source.startsWith(e.literal, p)) return -1;
  let at = p + e.literal.length;
  for (const word of e.rest ?? []) {
    const from = at;
    while (at < limit && at - from < MAX_GAP && isSpace(source.charCodeAt(at))) at++;
    if (!source.startsWith(word, at)) return -1;
    at += word.length;
  }
  return at <= limit ? at : -1;
}

// The whitespace `\s` matches in the views (after NFKC only these are left).
const isSpace = (c: number) => c === 0x20 || c === 0x0a || (c >= 0x09 && c <= 0x0d);

/**
 * The literals of a view. Tables give every literal at a position: which units start one, and
 * the few literals worth comparing by a position's first two units. In the folded view regular
 * expressions first find the positions worth looking at (word starts with a literal, long words).
 */
interface TriggerIndex {
  /** For each UTF-16 unit: `SINGLE` when it is a literal, `LONGER` when only longer ones start with it. */
  starts: Uint8Array;
  /** The groups of one-unit literals (`|`), by unit. */
  single: Map<number, readonly PhraseGroup[]>;
  /** Literals whose first two units are ASCII, by `(first << 7) | second`: 1 + an index of `lists`. */
  asciiPairs: Uint16Array;
  lists: Entry[][];
  /** The other literals, by first unit, then second. */
  otherPairs: Map<number, Map<number, Entry[]>>;
  /** Literals of several words whose first word is one unit, by that unit. */
  heads: Map<number, Entry[]>;
  /** 1 for each unit `heads` has literals for. */
  hasHead: Uint8Array;
  /** Norm view: any literal. */
  everywhere?: RegExp;
  /**
   * Folded view: a non-letter followed by an ASCII literal or by sixteen letters (a look-behind
   * of a letter would slow every position; the text's first position is looked at apart). The
   * literals as a trie (`ig(?:nor(?:e|ie…)…)`), the letters written out: both much quicker.
   */
  latinStarts?: RegExp;
  /** Folded view: the ASCII literals `latinStarts` is made of. */
  ascii?: readonly string[];
  /** How many folded passes used the tables alone (see `LOOP_PASSES`). */
  passes: number;
  /**
   * Folded view: a non-letter followed by a literal that starts beyond ASCII (other scripts),
   * made when a text first needs it.
   */
  otherStarts?: RegExp;
  /** Folded view: a unit in a block of 128 that such a literal starts in. */
  otherFirst?: RegExp;
  /** Folded view: those literals. */
  other?: readonly string[];
}

const indexes = new Map<PhraseView, TriggerIndex>();
const found = new WeakMap<ScanText, Map<PhraseView, Map<PhraseGroup, number[]>>>();

// A word of sixteen letters or more is searched inside, in its first 4,096 letters.
const LONG_WORD = 16;
const LONG_WORD_REACH = 4096;
const NOT_LATIN_RE = /[^a-z]/g;

/**
 * The positions in `view` of each group's triggers, in order; a group none of whose triggers is
 * there is absent. In the norm view a literal counts anywhere. In the folded view it counts where
 * a word starts (no Latin letter before it), and inside the first 4,096 letters of a word of
 * sixteen letters or more, when it ends within them: words glued together (all letters spaced
 * out, then joined; compounds) hide a trigger inside a word.
 */
export function triggerPositions(
  text: ScanText,
  view: PhraseView,
  /** How word starts are found (tests compare the two): by default the loop first, then the pattern. */
  how?: 'loop' | 'pattern',
): Map<PhraseGroup, number[]> {
  let byView = found.get(text);
  if (!byView) {
    byView = new Map();
    found.set(text, byView);
  }
  const known = byView.get(view);
  if (known) return known;
  const hits: Map<PhraseGroup, number[]> = new Map();
  const index = indexFor(view);
  const source = text.view(view);
  if (view === 'norm') findEverywhere(index, source, hits);
  else
    findInFolded(index, source, text.plain, hits, how ?? (index.passes++ < LOOP_PASSES ? 'loop' : 'pattern'));
  byView.set(view, hits);
  return hits;
}

// Every literal at every position (the norm view: few literals, and they may start anywhere),
// where the trie of them finds one.
function findEverywhere(index: TriggerIndex, source: string, hits: Map<PhraseGroup, number[]>): void {
  const re = index.everywhere as RegExp;
  re.lastIndex = 0;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    findAt(index, source, m.index, source.length, hits);
    re.lastIndex = m.index + 1;
  }
}

function findInFolded(
  index: TriggerIndex,
  source: string,
  plain: boolean,
  hits: Map<PhraseGroup, number[]>,
  how: 'loop' | 'pattern',
): void {
  const n = source.length;
  if (n === 0) return;
  const atWordStart = (p: number) => {
    if (index.starts[source.charCodeAt(p)] !== 0) findAt(index, source, p, n, hits);
    let letters = 0;
    while (letters < LONG_WORD && p + letters < n && isLatin(source.charCodeAt(p + letters))) letters++;
    if (letters < LONG_WORD) return;
    NOT_LATIN_RE.lastIndex = p + LONG_WORD;
    const end = Math.min(NOT_LATIN_RE.exec(source)?.index ?? n, p + LONG_WORD_REACH);
    findInWord(index, source, p, end, hits);
  };
  atWordStart(0);
  if (how === 'loop') {
    // Every ASCII unit after one that is not a Latin letter; the tables tell which start a
    // literal, as the pattern below would (the same positions, found more slowly on long texts).
    // Literals of other scripts are the pass after this one's.
    for (let p = 0; p + 1 < n; p++) {
      if (!isLatin(source.charCodeAt(p)) && source.charCodeAt(p + 1) < 0x80) atWordStart(p + 1);
    }
  } else {
    index.latinStarts ??= latinStartsOf(index.ascii ?? []);
    const latin = index.latinStarts;
    latin.lastIndex = 0;
    for (let m = latin.exec(source); m; m = latin.exec(source)) {
      atWordStart(m.index + 1);
      latin.lastIndex = m.index + 1;
    }
  }
  // Plain text has nothing other literals start with (a unit test checks `PLAIN_SYMBOLS`).
  if (plain || !(index.otherFirst as RegExp).test(source)) return;
  index.otherStarts ??= otherStartsOf(index.other ?? []);
  const other = index.otherStarts;
  other.lastIndex = 0;
  let more = false;
  for (let m = other.exec(source); m; m = other.exec(source)) {
    const at = m[1] === undefined ? m.index : m.index + 1;
    findAt(index, source, at, n, hits);
    other.lastIndex = at + 1;
    more = true;
  }
  // Positions of the two passes are told apart by their first unit: merged, they never repeat.
  if (more) for (const list of hits.values()) list.sort((a, b) => a - b);
}

// Literals of other scripts: those that start with a letter of a spaced script (Latin beyond
// ASCII, Greek, Cyrillic) where a word starts; the others (CJK, Arabic, Devanagari…) anywhere,
// since nothing marks where their words start (`规则A已被取消`).
function otherStartsOf(literals: readonly string[]): RegExp {
  const spaced = literals.filter((l) => SPACED_SCRIPT_RE.test(l));
  const unspaced = literals.filter((l) => !SPACED_SCRIPT_RE.test(l));
  return new RegExp(`([^a-z])(?:${trie(spaced)})|${trie(unspaced)}`, 'g');
}

/** A literal that starts with a letter of a script written with spaces between words. */
const SPACED_SCRIPT_RE = /^[\u00c0-\u04ff]/;

// Records the literals inside the word source[from, to) that start after its first letter. The
// first two letters of each position pick its candidates; a run of one letter whose pair starts
// no literal (`nnnn`) is skipped to its last letter at once.
function findInWord(
  index: TriggerIndex,
  source: string,
  from: number,
  to: number,
  hits: Map<PhraseGroup, number[]>,
): void {
  const { starts, asciiPairs } = index;
  let c1 = source.charCodeAt(from + 1);
  for (let p = from + 1; p < to; p++) {
    const c0 = c1;
    c1 = p + 1 < to ? source.charCodeAt(p + 1) : -1;
    if (c0 === c1 && starts[c0] !== SINGLE && asciiPairs[(c0 << 7) | c0] === 0) {
      const other = otherThan(c0);
      other.lastIndex = p + 2;
      // The run's last letter, at most `to - 1`; its pair is looked at as any other.
      const last = Math.min(other.exec(source)?.index ?? to, to) - 1;
      if (last > p) {
        p = last - 1;
        c1 = source.charCodeAt(last);
        continue;
      }
    }
    if (starts[c0] !== 0 && (c1 < 0 || starts[c0] === SINGLE || asciiPairs[(c0 << 7) | c1] !== 0)) {
      findAt(index, source, p, to, hits);
    }
  }
}

const runEnds = new Map<number, RegExp>();

// A global expression for any unit but `c` (a Latin letter).
function otherThan(c: number): RegExp {
  let re = runEnds.get(c);
  if (!re) {
    re = new RegExp(`[^${String.fromCharCode(c)}]`, 'g');
    runEnds.set(c, re);
  }
  return re;
}

const isLatin = (c: number) => c >= 0x61 && c <= 0x7a;

// Records at `p` the groups of every literal that starts there and ends by `limit`.
function findAt(
  index: TriggerIndex,
  source: string,
  p: number,
  limit: number,
  hits: Map<PhraseGroup, number[]>,
): void {
  const c0 = source.charCodeAt(p);
  if (index.starts[c0] === SINGLE) record(hits, index.single.get(c0) ?? [], p);
  if (index.hasHead[c0] === 1)
    for (const e of index.heads.get(c0) ?? []) if (endOf(source, p, e, limit) >= 0) record(hits, e.groups, p);
  if (p + 1 >= limit) return;
  const c1 = source.charCodeAt(p + 1);
  let list: Entry[] | undefined;
  if ((c0 | c1) < 0x80) {
    const at = index.asciiPairs[(c0 << 7) | c1] as number;
    if (at === 0) return;
    list = index.lists[at - 1];
  } else list = index.otherPairs.get(c0)?.get(c1);
  if (!list) return;
  for (const e of list) {
    if (p + e.literal.length > limit) continue;
    const at = e.rest === undefined ? source.startsWith(e.literal, p) : endOf(source, p, e, limit) >= 0;
    if (at) record(hits, e.groups, p);
  }
}

// `starts`: a unit that starts longer literals only, or (also) is a literal itself.
const LONGER = 1;
const SINGLE = 2;

function record(hits: Map<PhraseGroup, number[]>, groups: readonly PhraseGroup[], p: number): void {
  for (const group of groups) {
    const list = hits.get(group);
    if (!list) hits.set(group, [p]);
    // Two literals of one group may start at the same place (`rule`, `rules`): one position.
    else if (list[list.length - 1] !== p) list.push(p);
  }
}

// Built on the first scan of a process, which runs it cold (not yet compiled by the optimizing
// compiler): plain loops, one array per literal, and no spreading, splitting or sets, which cost
// several times as much there.
function indexFor(view: PhraseView): TriggerIndex {
  let index = indexes.get(view);
  if (index) return index;
  // Each literal once, with its groups in the order the families give them.
  const literals: string[] = [];
  const groupsOf: PhraseGroup[][] = [];
  const seen = new Map<string, number>();
  for (const family of FAMILIES[view]) {
    for (const group of family) {
      for (const t of group.triggers) {
        const at = seen.get(t);
        if (at === undefined) {
          seen.set(t, literals.length);
          literals.push(t);
          groupsOf.push([group]);
        } else if (!groupsOf[at]?.includes(group)) groupsOf[at]?.push(group);
      }
    }
  }
  index = {
    passes: 0,
    starts: new Uint8Array(0x10000),
    single: new Map(),
    asciiPairs: new Uint16Array(0x4000),
    lists: [],
    otherPairs: new Map(),
    heads: new Map(),
    hasHead: new Uint8Array(0x10000),
  };
  const ascii: string[] = [];
  const other: string[] = [];
  for (let i = 0; i < literals.length; i++) {
    const whole = literals[i] as string;
    const groups = groupsOf[i] as PhraseGroup[];
    if (NON_ASCII_RE.test(whole)) other.push(whole);
    else ascii.push(whole);
    const words = whole.includes(' ') ? wordsOf(whole) : undefined;
    const literal = words ? (words[0] ?? '') : whole;
    const rest = words && words.length > 1 ? words.slice(1) : undefined;
    const c0 = literal.charCodeAt(0);
    if (literal.length === 1 && rest === undefined) {
      index.starts[c0] = SINGLE;
      index.single.set(c0, groups);
      continue;
    }
    if (index.starts[c0] === 0) index.starts[c0] = LONGER;
    place(index, rest ? { literal, rest, groups } : { literal, groups });
  }
  // Where a literal starts: the whole of it, its words joined by any whitespace (`trie`), so that
  // a common first word (`is` of `is approved`) is not a position to look at by itself.
  if (view === 'norm') index.everywhere = new RegExp(trie(literals), 'g');
  if (view === 'folded') {
    index.ascii = ascii;
    index.other = other;
    // The blocks of 128 code points their first characters are in (Cyrillic, Arabic, CJK…):
    // a class of a few ranges, quick to test, without the punctuation, arrows and emoji that
    // many texts have.
    const blocks: number[] = [];
    for (const l of other) {
      const block = l.charCodeAt(0) >> 7;
      if (!blocks.includes(block)) blocks.push(block);
    }
    blocks.sort((a, b) => a - b);
    const hex = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;
    let ranges = '';
    for (const b of blocks) ranges += `${hex(b << 7)}-${hex((b << 7) | 0x7f)}`;
    index.otherFirst = new RegExp(`[${ranges}]`);
  }
  indexes.set(view, index);
  return index;
}

const NON_ASCII_RE = /[^\0-\x7f]/;

// Puts the entry of a literal of two units or more (or of several words) in the tables.
function place(index: TriggerIndex, entry: Entry): void {
  const { literal } = entry;
  const c0 = literal.charCodeAt(0);
  if (literal.length === 1) {
    // A first word of one unit (`| nc`, `r now`): looked at wherever that unit is.
    const heads = index.heads.get(c0);
    if (heads) heads.push(entry);
    else index.heads.set(c0, [entry]);
    index.hasHead[c0] = 1;
    return;
  }
  const c1 = literal.charCodeAt(1);
  if ((c0 | c1) < 0x80) {
    const key = (c0 << 7) | c1;
    const at = index.asciiPairs[key] as number;
    if (at === 0) {
      index.lists.push([entry]);
      index.asciiPairs[key] = index.lists.length;
    } else index.lists[at - 1]?.push(entry);
  } else {
    let next = index.otherPairs.get(c0);
    if (!next) {
      next = new Map();
      index.otherPairs.set(c0, next);
    }
    const list = next.get(c1);
    if (list) list.push(entry);
    else next.set(c1, [entry]);
  }
}

// The words of a literal that has spaces, without empty ones.
function wordsOf(whole: string): string[] {
  const words: string[] = [];
  for (let from = 0; from <= whole.length; ) {
    let to = whole.indexOf(' ', from);
    if (to < 0) to = whole.length;
    if (to > from) words.push(whole.slice(from, to));
    from = to + 1;
  }
  return words;
}

/**
 * The first passes of a process look at every word start through the tables alone: compiling the
 * pattern of all the literals costs more (about 3 ms, and 0.5 ms to build it) than a plain loop
 * over a handoff or two, and a command scans one. A process that scans more (a server) compiles
 * it once and goes faster from then on.
 */
const LOOP_PASSES = 4;

function latinStartsOf(ascii: readonly string[]): RegExp {
  return new RegExp(`[^a-z](?:${trie(ascii)}|${'[a-z]'.repeat(LONG_WORD)})`, 'g');
}

// A pattern that matches where one of `literals` starts, shaped as a trie: `a(?:bc|d)`; a space
// in a literal stands for any whitespace or none, as between the words of a pattern. Built
// from the sorted literals by ranges (a prefix sorts before the literals it starts): quick
// enough on first use, when this code has not been optimized yet.
function trie(literals: readonly string[]): string {
  const sorted = [...new Set(literals)].sort();
  const emit = (lo: number, hi: number, depth: number): string => {
    // A literal ends here: the match is enough, longer literals need not be spelled out.
    if ((sorted[lo] as string).length === depth) return '';
    let out = '';
    let branches = 0;
    for (let i = lo; i < hi; ) {
      const c = (sorted[i] as string).charAt(depth);
      let j = i + 1;
      while (j < hi && (sorted[j] as string).charAt(depth) === c) j++;
      const unit = c === ' ' ? `\\s{0,${MAX_GAP}}` : SPECIAL.includes(c) ? `\\${c}` : c;
      out += `${branches++ === 0 ? '' : '|'}${unit}${emit(i, j, depth + 1)}`;
      i = j;
    }
    return branches === 1 ? out : `(?:${out})`;
  };
  return sorted.length === 0 ? '(?!)' : emit(0, sorted.length, 0);
}

// The characters a regular expression gives a meaning to (escaped where a literal has them).
const SPECIAL = '.*+?^$' + '{}()|[]\\/-';
