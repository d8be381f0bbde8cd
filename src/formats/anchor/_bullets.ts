/**
 * Anchor's own reader takes any bullet under Done, Decisions made, Files touched and Open
 * concerns (seed 004: only Remaining has structure). These readers accept what the canonical
 * item grammar accepts, and read a bare bullet as Anchor means it: a Done item without a
 * verification is unverified, a decision without `because` keeps its whole text, and a path
 * (plain or in a code span) under Files touched was modified.
 */
import type { Decision, DoneItem, FileTouched } from '../../handoff/types.js';
import { ItemError, parseDecision, parseDone, parseFileTouched } from '../grammar/items.js';
import { codeSpans, escapeField, SEP, splitFields, unescapeComments, unescapeField } from '../text.js';

/** Reads a Done bullet: the canonical grammar, else the whole bullet as an unverified item. */
export function readAnchorDone(content: string): DoneItem {
  try {
    return parseDone(content);
  } catch (error) {
    // An unchecked box under Done contradicts itself: that work belongs in Remaining.
    if (!(error instanceof ItemError) || /^\[ \]/.test(content)) throw error;
    const text = content.replace(/^\[[xX]\][ \t]+/, '');
    return { text: unescapeField(text), result: 'unverified' };
  }
}

/** Reads a decision: `decision — because reason` is split; any other bullet is one decision. */
export function readAnchorDecision(content: string, continuations: readonly string[]): Decision {
  const [, tail] = splitFields(content, 2);
  if (tail === undefined || /^because\b/i.test(tail)) return parseDecision(content, continuations);
  // Escaping every field separator keeps the whole bullet as the decision's text.
  return parseDecision(escapeField(unescapeField(content)), continuations);
}

const ACTION_WORDS: Record<string, FileTouched['action']> = {
  new: 'created',
  added: 'created',
  created: 'created',
  modified: 'modified',
  changed: 'modified',
  updated: 'modified',
  edited: 'modified',
  deleted: 'deleted',
  removed: 'deleted',
};

/**
 * Reads a Files touched bullet: `action \`path\`` as in the canonical grammar, else one or more
 * paths (a plain path, or paths in code spans), modified unless a `(new)`-like word says
 * otherwise. A bullet that names no path returns an empty list: it is kept under Notes.
 */
export function readAnchorFiles(content: string): FileTouched[] {
  try {
    return [parseFileTouched(content)];
  } catch (error) {
    if (!(error instanceof ItemError)) throw error;
  }
  const sep = content.indexOf(SEP);
  const head = (sep < 0 ? content : content.slice(0, sep)).trim();
  const rest = sep < 0 ? '' : unescapeComments(content.slice(sep + SEP.length).trim());
  const spans = codeSpans(head);
  let paths: string[];
  let remainder: string;
  if (spans.length > 0 && (spans[0]?.start ?? 1) === 0) {
    paths = spans.map((s) => s.code.trim()).filter((p) => p !== '');
    remainder = head.slice(spans.at(-1)?.end ?? head.length).trim();
    const between = spans.slice(1).map((s, i) => head.slice(spans[i]?.end, s.start));
    if (between.some((b) => !/^[\s,;]*(and)?[\s,;]*$/i.test(b))) return [];
  } else {
    const m = /^(\S+)(.*)$/.exec(head);
    const path = m?.[1] ?? '';
    if (!/[./]/.test(path) && (m?.[2] ?? '').trim() !== '') return [];
    paths = path ? [unescapeComments(path)] : [];
    remainder = (m?.[2] ?? '').trim();
  }
  if (paths.length === 0) return [];
  const word = /^\((\w+)\)$/.exec(remainder)?.[1]?.toLowerCase();
  const action = (word && ACTION_WORDS[word]) || 'modified';
  const note = [word && ACTION_WORDS[word] ? '' : remainder, rest].filter((x) => x !== '').join(' — ');
  return paths.map((path) => (note ? { action, path, note } : { action, path }));
}
