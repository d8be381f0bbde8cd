/**
 * Where the trigger literals of the phrase groups are: one pass over a view with a regular
 * expression of plain literals (fast: no look-behind, no nesting), instead of one pass per group.
 * (A trie-shaped expression was tried: no faster on real text, and slower to build at start-up.)
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
import type { ScanText } from './text.js';

/** The views phrase families are matched in, and the families of each. */
export type PhraseView = 'folded' | 'norm';

/**
 * Groups with no patterns: the literals a structural rule needs before it is worth running.
 * Found in the same pass as the phrase triggers, instead of one `includes` per literal.
 */
export const NEEDS = {
  tag: { triggers: ['<'], sources: [] },
  bracket: { triggers: ['[', '<'], sources: [] },
  toolCall: { triggers: ['<', '"', '[tool', 'action'], sources: [] },
  image: { triggers: ['![', '<img'], sources: [] },
  dataUrl: { triggers: ['data:'], sources: [] },
  roleLabel: {
    triggers: ['system', 'assistant', 'human', 'developer', 'instruction', 'response', '[sys'],
    sources: [],
  },
} satisfies Record<string, PhraseGroup>;

const FAMILIES: Record<PhraseView, readonly (readonly PhraseGroup[])[]> = {
  folded: [
    IGNORE_PHRASES,
    PERSONA_HARD_PHRASES,
    PERSONA_SOFT_PHRASES,
    HIJACK_PHRASES,
    LEAK_PHRASES,
    AUTHORITY_PHRASES,
    CONCEAL_PHRASES,
  ],
  norm: [
    EXFIL_HARD_PHRASES,
    EXFIL_SOFT_PHRASES,
    [NEEDS.tag, NEEDS.bracket, NEEDS.toolCall, NEEDS.image, NEEDS.dataUrl, NEEDS.roleLabel],
  ],
};

/** True when one of `group`'s literals is in `view` of `text`. */
export function hasTrigger(text: ScanText, view: PhraseView, group: PhraseGroup): boolean {
  return triggerPositions(text, view).has(group);
}

interface TriggerIndex {
  /** All literals; for the folded view, only where a word starts (no Latin letter before). */
  re: RegExp;
  /** For the folded view: all literals anywhere, for searching inside long words. */
  inner?: RegExp;
  /** The groups a matched literal stands for, including those of literals that are its prefixes. */
  groupsOf: Map<string, PhraseGroup[]>;
}

const indexes = new Map<PhraseView, TriggerIndex>();
const LONG_WORD_RE = /(?<![a-z])[a-z]{16,4096}/g;
const found = new WeakMap<ScanText, Map<PhraseView, Map<PhraseGroup, number[]>>>();

/** The positions in `view` of each group's triggers; a group none of whose triggers is there is absent. */
export function triggerPositions(text: ScanText, view: PhraseView): Map<PhraseGroup, number[]> {
  let byView = found.get(text);
  if (!byView) {
    byView = new Map();
    found.set(text, byView);
  }
  const known = byView.get(view);
  if (known) return known;
  const hits: Map<PhraseGroup, number[]> = new Map();
  const { re, inner, groupsOf } = indexFor(view);
  const source = text.view(view);
  const record = (literal: string, at: number) => {
    for (const group of groupsOf.get(literal) ?? []) {
      const list = hits.get(group);
      if (list) list.push(at);
      else hits.set(group, [at]);
    }
  };
  re.lastIndex = 0;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    record(m[0], m.index);
    // Literals may overlap: look again from the next character.
    re.lastIndex = m.index + 1;
  }
  if (inner) {
    // Words glued together (all letters spaced out, then joined; compounds) hide a trigger
    // inside a word, where the word-start pass does not look: search long words whole.
    LONG_WORD_RE.lastIndex = 0;
    for (let w = LONG_WORD_RE.exec(source); w; w = LONG_WORD_RE.exec(source)) {
      inner.lastIndex = 1;
      for (let m = inner.exec(w[0]); m; m = inner.exec(w[0])) {
        record(m[0], w.index + m.index);
        inner.lastIndex = m.index + 1;
      }
    }
    for (const list of hits.values()) list.sort((a, b) => a - b);
  }
  byView.set(view, hits);
  return hits;
}

function indexFor(view: PhraseView): TriggerIndex {
  let index = indexes.get(view);
  if (index) return index;
  const direct = new Map<string, Set<PhraseGroup>>();
  for (const family of FAMILIES[view]) {
    for (const group of family) {
      for (const t of group.triggers) {
        const set = direct.get(t) ?? new Set();
        set.add(group);
        direct.set(t, set);
      }
    }
  }
  const literals = [...direct.keys()].sort((a, b) => b.length - a.length);
  const groupsOf = new Map<string, PhraseGroup[]>();
  // The expression returns the longest literal at a position, and the search resumes one
  // character later, so only literals that are prefixes of a match are hidden by it.
  for (const literal of literals) {
    const groups = new Set<PhraseGroup>();
    for (let n = 1; n <= literal.length; n++) {
      for (const g of direct.get(literal.slice(0, n)) ?? []) groups.add(g);
    }
    groupsOf.set(literal, [...groups]);
  }
  // Longest first, so that at any position the longest literal is the one matched.
  const escaped = literals.map((l) => l.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
  const any = escaped.join('|');
  // In prose, looking only where a word starts is over twice as fast: most positions are
  // inside words. The norm view's literals include `<` and `"`, which follow letters.
  index =
    view === 'folded'
      ? { re: new RegExp(`(?<![a-z])(?:${any})`, 'g'), inner: new RegExp(any, 'g'), groupsOf }
      : { re: new RegExp(any, 'g'), groupsOf };
  indexes.set(view, index);
  return index;
}
