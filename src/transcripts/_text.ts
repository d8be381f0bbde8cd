/** Text a handoff line or block can hold, made from the log's words. */
import { FORBIDDEN_CHAR_RE } from '../handoff/values.js';

const LINE_MAX = 400;
const ANSI_RE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

/** Text without display noise: ANSI colour codes and control characters gone, `{{x}}` defused. */
export function clean(text: string): string {
  // `{{x}}` would read as a template placeholder.
  return text
    .replace(ANSI_RE, '')
    .replace(new RegExp(FORBIDDEN_CHAR_RE.source, 'g'), '')
    .replace(/\r\n?/g, '\n')
    .replace(/\{\{/g, '{ {');
}

/** Text a handoff line can hold: clean, one line, at most `max` characters (cut with `…`). */
export function oneLine(text: string, max = LINE_MAX): string {
  const flat = clean(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}
