/** Text a handoff line or block can hold, made from the log's words. */
import { FORBIDDEN_CHAR_RE } from '../handoff/values.js';

const LINE_MAX = 400;
const ANSI_RE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

// Characters a reader cannot see, which pasted text carries by accident (a soft hyphen, a
// byte-order mark, a direction mark from a right-to-left editor): the injection scan rightly
// refuses a handoff that holds them. Joiners stay (scripts and emoji need them).
const INVISIBLE_RE =
  /[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

/** Text without its ANSI colour codes: what a person sees in the terminal. */
export function withoutAnsi(text: string): string {
  return text.includes('\u001b') ? text.replace(ANSI_RE, '') : text;
}

/**
 * Text without display noise: ANSI colour codes, control characters and invisible ones gone,
 * `{{x}}` defused.
 */
export function clean(text: string): string {
  // `{{x}}` would read as a template placeholder.
  return text
    .replace(ANSI_RE, '')
    .replace(new RegExp(FORBIDDEN_CHAR_RE.source, 'g'), '')
    .replace(INVISIBLE_RE, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\{\{/g, '{ {');
}

/**
 * Text a handoff line can hold: clean, one line, at most `max` wide (cut with `…`). A Chinese or
 * Japanese character counts as more than two: it costs a model more than twice what a Latin letter does.
 */
export function oneLine(text: string, max = LINE_MAX): string {
  return cutToWidth(clean(text).replace(/\s+/g, ' ').trim(), max);
}

// Han, kana, hangul and full-width forms: o200k spends about 0.6–0.7 of a token on each, where
// Latin text and code cost about one token per 3.4 characters (measured on the corpus' drafts).
const WIDE = '\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef';
const WIDE_RE = new RegExp(`[${WIDE}]`);
const WIDE_ALL_RE = new RegExp(`[${WIDE}]`, 'g');
const CHARS_PER_TOKEN = 3.4;
const WIDE_TOKENS = 0.7;
/** How many Latin characters cost what one wide character costs. */
const WIDE_WIDTH = WIDE_TOKENS * CHARS_PER_TOKEN;

/** `text` cut where it grows wider than `max` (ending in `…`), a wide character costing `WIDE_WIDTH`. */
export function cutToWidth(text: string, max: number): string {
  if (!WIDE_RE.test(text)) return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
  const wide = text.match(WIDE_ALL_RE)?.length ?? 0;
  if (text.length - wide + wide * WIDE_WIDTH <= max) return text;
  let width = 0;
  let at = 0;
  for (const ch of text) {
    width += WIDE_RE.test(ch) ? WIDE_WIDTH : 1;
    if (width > max - 1) break;
    at += ch.length;
  }
  return `${text.slice(0, at).trimEnd()}…`;
}

/**
 * About how many tokens a model counts in `text`, without loading a tokenizer: a handoff's size
 * goal is in tokens, and a budget in characters would let Chinese or Japanese text cost twice as much.
 */
export function estimateTokens(text: string): number {
  const wide = text.match(WIDE_ALL_RE)?.length ?? 0;
  return Math.ceil((text.length - wide) / CHARS_PER_TOKEN + wide * WIDE_TOKENS);
}

/** `text` with every character a regular expression reads as an operator escaped: matched as written. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `1 request`, `2 requests`: a count with its noun, for the draft's English. */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * An agent's words as prose: the Markdown it writes for the person's screen (`**bold**`, a
 * fence's \`\`\` with its language) left out, so a quote or a heading made of them reads as words.
 * Code spans stay whole, and so does `**` in a glob (`src/**` + `/*.ts`) or a power (`2 ** 8`).
 */
export function plainProse(text: string): string {
  return text
    .replace(/```[\w+-]*/g, ' ')
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/(?<![/\s*]|^)\*\*|\*\*(?![/\s*]|$)/g, '')))
    .join('');
}

/** Text as its words alone: lower case, every run of other characters one space. */
export const foldedWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
