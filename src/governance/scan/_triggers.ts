/**
 * Where the trigger literals of the phrase groups are: one pass over a view with a regular
 * expression of plain literals (fast: no look-behind, no nesting), instead of one pass per group.
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
  re: RegExp;
  /** The groups a matched literal stands for, including those of literals inside it. */
  groupsOf: Map<string, PhraseGroup[]>;
}

const indexes = new Map<PhraseView, TriggerIndex>();
const found = new WeakMap<ScanText, Map<PhraseView, Map<PhraseGroup, number[]>>>();

/** The positions in `view` of each group's triggers; a group none of whose triggers is there is absent. */
export function triggerPositions(text: ScanText, view: PhraseView): Map<PhraseGroup, number[]> {
  let byView = found.get(text);
  if (!byView) {
    byView = new Map();
    found.set(text, byView);
  }
  let positions = byView.get(view);
  if (positions) return positions;
  positions = new Map();
  const { re, groupsOf } = indexFor(view);
  const source = text.view(view);
  re.lastIndex = 0;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    for (const group of groupsOf.get(m[0]) ?? []) {
      const list = positions.get(group);
      if (list) list.push(m.index);
      else positions.set(group, [m.index]);
    }
    // Literals may overlap: look again from the next character.
    re.lastIndex = m.index + 1;
  }
  byView.set(view, positions);
  return positions;
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
  for (const literal of literals) {
    const groups = new Set<PhraseGroup>();
    for (const other of literals)
      if (literal.includes(other)) for (const g of direct.get(other) ?? []) groups.add(g);
    groupsOf.set(literal, [...groups]);
  }
  index = { re: new RegExp(trieSource(literals), 'g'), groupsOf };
  indexes.set(view, index);
  return index;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  end: boolean;
}

/**
 * A regular expression source matching any of `literals`, as a trie: `(?:a(?:bc|d)|x…)`. A flat
 * alternation of hundreds of literals tries each at every position; the trie dispatches on one
 * character at a time, several times faster. Where literals share a prefix the longest matches.
 */
export function trieSource(literals: readonly string[]): string {
  const root: TrieNode = { next: new Map(), end: false };
  for (const literal of literals) {
    let node = root;
    for (const ch of literal) {
      let child = node.next.get(ch);
      if (!child) {
        child = { next: new Map(), end: false };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.end = true;
  }
  const quote = (ch: string) => ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const emit = (node: TrieNode): string => {
    const alternatives = [...node.next].map(([ch, child]) => quote(ch) + emit(child));
    if (alternatives.length === 0) return '';
    const body = alternatives.length === 1 ? (alternatives[0] as string) : `(?:${alternatives.join('|')})`;
    return node.end ? `(?:${body})?` : body;
  };
  return emit(root);
}
