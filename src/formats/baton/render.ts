/** Renders a handoff as canonical `baton/handoff-v1` Markdown: fixed order, empty sections left out. */
import type { Handoff } from '../../handoff/types.js';
import { FRONT_MATTER_KEYS, PROVENANCE_KEYS } from '../../handoff/types.js';
import { HANDOFF_SCHEMA } from '../../handoff/values.js';
import { renderBlock, renderScalar } from '../_front-matter.js';
import { splitListOutsideBraces } from '../list.js';
import { codeSpan, escapeBlock, escapeComments, unescapeComments } from '../text.js';
import type { ParsedHandoff } from '../types.js';
import {
  protectSentinel,
  renderDeadEnd,
  renderDecision,
  renderDone,
  renderFact,
  renderFileTouched,
  renderPlain,
  renderValidation,
} from './items.js';
import { SECTION_HEADINGS } from './sections.js';

/** The front matter of a handoff as `[key, value]` pairs, in canonical order (extra keys last). */
export function frontMatterValues(h: ParsedHandoff): [string, string][] {
  const values: Record<string, string | undefined> = {
    schema: h.schema ?? HANDOFF_SCHEMA,
    id: h.id,
    created_at: h.created_at,
    from: h.from,
    to: h.to,
    task: h.task,
    parent: h.parent,
    window: h.window === undefined ? undefined : String(h.window),
    status: h.status,
    class: h.class,
    expires_at: h.expires_at,
    content_hash: h.content_hash,
    signature: h.signature,
  };
  if (h.provenance) for (const k of PROVENANCE_KEYS) values[k] = h.provenance[k];
  const out: [string, string][] = [];
  for (const key of FRONT_MATTER_KEYS) {
    const v = values[key];
    if (v !== undefined) out.push([key, v]);
  }
  for (const [key, v] of Object.entries(h.extra ?? {})) out.push([key, v]);
  return out;
}

/** The front matter lines (between the `---` fences) of a handoff, in canonical order. */
export function renderFrontMatter(h: ParsedHandoff): string[] {
  const lines = frontMatterValues(h).map(([key, v]) => `${key}: ${renderScalar(v)}`);
  if (h.context_manifest) lines.push(...renderBlock('context_manifest', h.context_manifest));
  return lines;
}

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

/**
 * Paths as a comma-separated list: in code spans when one holds a comma or a backtick (as always),
 * or when a plain list would not read back the same (an unbalanced brace).
 */
function renderPathList(paths: readonly string[]): string {
  const plain = paths.map((p) => escapeComments(p)).join(', ');
  const back = splitListOutsideBraces(plain).map((p) => unescapeComments(p));
  const same = back.length === paths.length && back.every((p, i) => p === paths[i]);
  const spans = !same || paths.some((p) => /[,`]/.test(p));
  return spans ? paths.map((p) => codeSpan(p)).join(', ') : plain;
}

/** The sub-specs of Remaining as rendered lines (one block each, blank lines between). */
export function renderRemainingBlocks(h: ParsedHandoff): string[] {
  const blocks: string[] = [];
  for (const spec of h.remaining) {
    const lines = [`### ${escapeComments(spec.title)}`, ''];
    if (spec.goal) lines.push(`- Goal: ${escapeComments(spec.goal)}`);
    if (spec.files_in_scope.length > 0) {
      lines.push(`- Files in scope: ${renderPathList(spec.files_in_scope)}`);
    }
    for (const cmd of spec.verify_by) lines.push(`- Verify by: ${codeSpan(cmd)}`);
    if (spec.notes) lines.push(`- Notes: ${escapeComments(spec.notes)}`);
    // A sub-spec that is only a title is one line, not a heading followed by blank lines.
    blocks.push(lines.length === 2 ? (lines[0] as string) : lines.join('\n'));
  }
  return blocks.length ? [blocks.join('\n\n')] : [];
}

/** The title used when a handoff has none: `Handoff: <task>` or `Handoff`. */
export function defaultTitle(h: Pick<Handoff, 'task'> | ParsedHandoff): string {
  return h.task ? `Handoff: ${h.task}` : 'Handoff';
}

/** Renders a whole canonical handoff. */
export function renderBaton(h: ParsedHandoff): string {
  return `---\n${renderFrontMatter(h).join('\n')}\n---\n${renderBody(h)}`;
}
