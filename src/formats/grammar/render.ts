/** Rendering what the Markdown formats share: canonical front matter and Remaining's sub-specs. */
import { FRONT_MATTER_KEYS, PROVENANCE_KEYS } from '../../handoff/types.js';
import { HANDOFF_SCHEMA } from '../../handoff/values.js';
import { renderBlock, renderScalar } from '../_front-matter.js';
import { splitListOutsideBraces } from '../list.js';
import { codeSpan, escapeComments, unescapeComments } from '../text.js';
import type { ParsedHandoff } from '../types.js';

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
