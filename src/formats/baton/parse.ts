/** Tolerant reader of the canonical `baton/handoff-v1` Markdown format. */
import { readHandoffMarkdown } from '../grammar/document.js';
import type { ParseResult } from '../types.js';

/** Reads canonical Markdown into a handoff and findings; never throws on bad input. */
export function parseBaton(text: string): ParseResult {
  return readHandoffMarkdown(text);
}
