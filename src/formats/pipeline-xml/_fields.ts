/**
 * The four fields of a <context-handoff> as text, both ways (FORMATS.md §3.3): what = Summary
 * (+ Done), why = Decisions with their reasons, caution = Open concerns, incomplete = Remaining.
 * Items use the canonical item grammar, so a round trip gives back the same items.
 */
import type { Finding } from '../../handoff/finding.js';
import type { Decision, DoneItem, SubSpec } from '../../handoff/types.js';
import { readRemaining } from '../grammar/document.js';
import {
  ItemError,
  isSentinel,
  parseDecision,
  parseDone,
  parsePlain,
  protectSentinel,
  renderDecision,
  renderDone,
  renderPlain,
  unprotectSentinel,
} from '../grammar/items.js';
import { renderRemainingBlocks } from '../grammar/render.js';
import { type ListItem, listItems, onlySentinel, withContinuations } from '../grammar/sections.js';
import type { Line } from '../markdown.js';
import type { ParsedHandoff } from '../types.js';

/** What an empty field says (seed 000: `incomplete` is "None" when there is nothing left). */
export const NONE = 'None';

/** The line that introduces the Done items inside <what>. */
const DONE_LABEL = 'Done:';

/** `<what>`: the summary, then the Done items under a `Done:` line. */
export function renderWhat(summary: string | undefined, done: readonly DoneItem[]): string {
  const items = done.map((d) => `- ${protectSentinel(renderDone(d))}`);
  const parts = [summary ?? '', items.length ? `${DONE_LABEL}\n${items.join('\n')}` : ''];
  return parts.filter((p) => p !== '').join('\n\n');
}

/**
 * Splits `<what>` into summary and Done items: the Done part is a trailing `Done:` line followed
 * only by `- [x]` items. With the summary known (from <summary>), it must be what comes first.
 */
export function readWhat(what: string, summary?: string): { summary?: string; done: DoneItem[] } {
  const split = doneStart(what, summary);
  const head = split < 0 ? what : what.slice(0, split);
  const done: DoneItem[] = [];
  if (split >= 0) {
    const lines = what.slice(split).trim().split('\n').slice(1);
    for (const item of listItems(toLines(lines.join('\n')))) {
      const content = withContinuations(unprotectSentinel(item.content), item);
      try {
        done.push(parseDone(content));
      } catch (error) {
        if (!(error instanceof ItemError)) throw error;
        done.push({ text: content, result: 'unverified' });
      }
    }
  }
  const text = head.trim();
  return text ? { summary: text, done } : { done };
}

// Index where the `Done:` part of <what> starts, or -1 when it has none.
function doneStart(what: string, summary: string | undefined): number {
  if (summary !== undefined && what.startsWith(summary)) {
    const rest = what.slice(summary.length);
    const m = /^\s*\n(?=Done:\n)/.exec(rest);
    if (m) return summary.length + m[0].length;
    if (rest.trim() === '') return -1;
  }
  const found = what.startsWith(`${DONE_LABEL}\n`) ? -1 : what.lastIndexOf(`\n${DONE_LABEL}\n`);
  if (found < 0 && !what.startsWith(`${DONE_LABEL}\n`)) return -1;
  const at = found + 1;
  const rest = what.slice(at + DONE_LABEL.length + 1).split('\n');
  return rest.every((l) => /^[-*+] \[[xX]\]/.test(l) || /^[ \t]/.test(l)) ? at : -1;
}

/** `<why>`: each decision with its reason and rejected alternatives, or `None`. */
export function renderWhy(decisions: readonly Decision[]): string {
  if (decisions.length === 0) return NONE;
  return decisions
    .flatMap((d) => {
      const [first, ...rejected] = renderDecision(d);
      return [`- ${protectSentinel(first as string)}`, ...rejected.map((r) => `  - ${r}`)];
    })
    .join('\n');
}

/** Reads `<why>` into decisions (prose lines are decisions without a stated reason). */
export function readWhy(why: string | undefined): Decision[] {
  return itemsOf(why).map((item) => parseDecision(unprotectSentinel(item.content), item.continuations));
}

/** `<caution>`: the open concerns as a list, or `None`. */
export function renderCaution(concerns: readonly string[]): string {
  if (concerns.length === 0) return NONE;
  return concerns.map((c) => `- ${protectSentinel(renderPlain(c))}`).join('\n');
}

/** Reads `<caution>` into open concerns. */
export function readCaution(caution: string | undefined): string[] {
  return itemsOf(caution).map((item) => parsePlain(withContinuations(unprotectSentinel(item.content), item)));
}

/** `<incomplete>`: the remaining sub-specs in the canonical `###` grammar, or `None`. */
export function renderIncomplete(h: ParsedHandoff): string {
  return renderRemainingBlocks(h)[0] ?? NONE;
}

/** Reads `<incomplete>` into sub-specs; findings note sub-specs the grammar could not read. */
export function readIncomplete(incomplete: string | undefined, findings: Finding[]): SubSpec[] {
  if (incomplete === undefined || isSentinel(incomplete)) return [];
  return readRemaining(toLines(incomplete), findings).specs;
}

function itemsOf(text: string | undefined): ListItem[] {
  if (text === undefined) return [];
  const items = listItems(toLines(text));
  return onlySentinel(items) ? [] : items;
}

function toLines(text: string): Line[] {
  return text.split('\n').map((t, i) => ({ text: t, no: i + 1 }));
}
