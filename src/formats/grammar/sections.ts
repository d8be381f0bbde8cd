/** Section names of the canonical format and the list items inside a section. */
import { LIST_KEYS } from '../../handoff/types.js';
import type { Line } from '../markdown.js';
import { isSentinel } from './items.js';

/** Canonical section keys in render order. */
const SECTION_ORDER = ['goal', 'summary', ...LIST_KEYS, 'notes'] as const;

/** A canonical section key. */
export type SectionKey = (typeof SECTION_ORDER)[number];

/** The heading each section is rendered with. */
export const SECTION_HEADINGS: Record<SectionKey, string> = {
  goal: 'Goal',
  summary: 'Summary',
  done: 'Done',
  remaining: 'Remaining',
  decisions: 'Decisions',
  facts: 'Facts',
  files_touched: 'Files touched',
  validation: 'Validation',
  open_concerns: 'Open concerns',
  dead_ends: 'Dead ends',
  preferences: 'Preferences',
  notes: 'Notes',
};

const ALIASES: Record<string, SectionKey> = {
  'decisions made': 'decisions',
  'files changed': 'files_touched',
  'changed files': 'files_touched',
  'dead-ends': 'dead_ends',
  'open questions': 'open_concerns',
  'validation state': 'validation',
};

/** The section key of a `##` heading (case-insensitive), or undefined for an unknown one. */
export function sectionKey(heading: string): SectionKey | undefined {
  const norm = heading
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .replace(/:$/, '');
  for (const key of SECTION_ORDER) {
    if (SECTION_HEADINGS[key].toLowerCase() === norm) return key;
  }
  return ALIASES[norm];
}

/** One top-level list item of a section, with its indented continuation lines. */
export interface ListItem {
  content: string;
  line: number;
  continuations: string[];
  /** True when the line had no list marker (a paragraph read as an item). */
  paragraph: boolean;
}

const ITEM_RE = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
/** A top-level list item line as context-kit counts them (for the per-section cap). */
const CAP_ITEM_RE = /^(?:[-*+] |\d+[.)] )/;

/** Reads the top-level items of a section; indented lines continue the item above them. */
export function listItems(lines: readonly Line[]): ListItem[] {
  const items: ListItem[] = [];
  let current: ListItem | undefined;
  for (const line of lines) {
    const text = line.text;
    if (text.trim() === '') continue;
    if (/^[ \t]/.test(text) && current) {
      current.continuations.push(text.trim());
      continue;
    }
    const m = ITEM_RE.exec(text);
    current = m
      ? { content: (m[1] ?? '').trim(), line: line.no, continuations: [], paragraph: false }
      : { content: text.trim(), line: line.no, continuations: [], paragraph: true };
    items.push(current);
  }
  return items;
}

/** True when a section's only item is the `None.` sentinel: the section says it is empty. */
export function onlySentinel(items: readonly ListItem[]): boolean {
  return items.length === 1 && isSentinel((items[0] as ListItem).content);
}

/** An item's text with its continuation lines, joined by spaces. */
export function withContinuations(content: string, item: ListItem): string {
  return item.continuations.length ? `${content} ${item.continuations.join(' ')}` : content;
}

/** Whether context-kit's per-section cap counts this line as a top-level list item. */
export function isCapItem(text: string): boolean {
  return CAP_ITEM_RE.test(text);
}

/** How many lines of a section context-kit's cap counts as top-level list items. */
export function countCapItems(lines: readonly Line[]): number {
  let n = 0;
  for (const l of lines) if (isCapItem(l.text)) n++;
  return n;
}
