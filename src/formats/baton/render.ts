/** Renders a handoff as canonical `baton/handoff-v1` Markdown: fixed order, empty sections left out. */
import type { Handoff } from '../../handoff/types.js';
import {
  protectSentinel,
  renderDeadEnd,
  renderDecision,
  renderDone,
  renderFact,
  renderFileTouched,
  renderPlain,
  renderValidation,
} from '../grammar/items.js';
import { renderFrontMatter, renderRemainingBlocks } from '../grammar/render.js';
import { SECTION_HEADINGS } from '../grammar/sections.js';
import { escapeBlock, escapeComments } from '../text.js';
import type { ParsedHandoff } from '../types.js';

/** The body (everything after the closing `---` line) of a canonical handoff. */
export function renderBody(h: ParsedHandoff): string {
  const parts: string[] = [`# ${escapeComments(h.title ?? defaultTitle(h))}`];
  const section = (heading: string, lines: string[]) => {
    if (lines.length > 0) parts.push(`## ${heading}\n\n${lines.join('\n')}`);
  };
  const list = (items: string[]) => items.map((i) => `- ${protectSentinel(i)}`);
  section(SECTION_HEADINGS.goal, h.goal ? [escapeBlock(h.goal)] : []);
  section(SECTION_HEADINGS.summary, h.summary ? [escapeBlock(h.summary)] : []);
  section(SECTION_HEADINGS.done, list(h.done.map(renderDone)));
  section(SECTION_HEADINGS.remaining, renderRemainingBlocks(h));
  section(
    SECTION_HEADINGS.decisions,
    h.decisions.flatMap((d) => {
      const [first, ...rejected] = renderDecision(d);
      return [`- ${protectSentinel(first as string)}`, ...rejected.map((r) => `  - ${r}`)];
    }),
  );
  section(SECTION_HEADINGS.facts, list(h.facts.map(renderFact)));
  section(SECTION_HEADINGS.files_touched, list(h.files_touched.map(renderFileTouched)));
  section(SECTION_HEADINGS.validation, list(h.validation.map(renderValidation)));
  section(SECTION_HEADINGS.open_concerns, list(h.open_concerns.map(renderPlain)));
  section(SECTION_HEADINGS.dead_ends, list(h.dead_ends.map(renderDeadEnd)));
  section(SECTION_HEADINGS.preferences, list(h.preferences.map(renderPlain)));
  section(SECTION_HEADINGS.notes, h.notes ? [escapeBlock(h.notes, { fenced: true })] : []);
  return `\n${parts.join('\n\n')}\n`;
}

/** The title used when a handoff has none: `Handoff: <task>` or `Handoff`. */
export function defaultTitle(h: Pick<Handoff, 'task'> | ParsedHandoff): string {
  return h.task ? `Handoff: ${h.task}` : 'Handoff';
}

/** Renders a whole canonical handoff. */
export function renderBaton(h: ParsedHandoff): string {
  return `---\n${renderFrontMatter(h).join('\n')}\n---\n${renderBody(h)}`;
}
