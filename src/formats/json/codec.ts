/** The canonical handoff as JSON, the interchange for programs; checked by the zod schema. */
import { type Finding, finding } from '../../handoff/finding.js';
import { HandoffDraftSchema, HandoffSchema } from '../../handoff/schema.js';
import { LIST_KEYS } from '../../handoff/types.js';
import { readJsonObject } from '../json-text.js';
import type { ParsedHandoff, ParseResult, RenderResult } from '../types.js';

/**
 * Reads a JSON handoff. A full handoff is checked against the schema; with `draft`, fields baton
 * fills in on write may be missing.
 */
export function parseJson(text: string, options: { draft?: boolean } = {}): ParseResult {
  const findings: Finding[] = [];
  const read = readJsonObject(text);
  if (!read.ok) return { format: 'json', handoff: emptyLists({}), findings: [read.finding] };
  const value = read.value;
  const withLists = emptyLists(value as Record<string, unknown>);
  const result = (options.draft ? HandoffDraftSchema : HandoffSchema).safeParse(withLists);
  if (!result.success) {
    // The fields with a problem are left out, so that what is returned has the model's types
    // (renderers and rules may run on it) while the findings say what was wrong.
    const drop = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.join('.') || '(root)';
      findings.push(finding('INVALID', 'json-schema', `${path}: ${issue.message}`, { field: path }));
      if (issue.path.length > 0) drop.add(String(issue.path[0]));
      else if (issue.code === 'unrecognized_keys') for (const k of issue.keys) drop.add(k);
    }
    const kept = Object.fromEntries(Object.entries(withLists).filter(([k]) => !drop.has(k)));
    return { format: 'json', handoff: emptyLists(kept), findings };
  }
  return { format: 'json', handoff: emptyLists(result.data as Record<string, unknown>), findings };
}

function emptyLists(value: Record<string, unknown>): ParsedHandoff {
  const out: Record<string, unknown> = { ...value };
  for (const key of LIST_KEYS) if (out[key] === undefined) out[key] = [];
  return out as ParsedHandoff;
}

/** Renders a handoff as pretty JSON with keys in canonical order. */
export function renderJson(h: ParsedHandoff): RenderResult {
  const order = Object.keys(HandoffSchema.shape);
  const sorted: Record<string, unknown> = {};
  for (const key of order) {
    const v = (h as Record<string, unknown>)[key];
    if (v !== undefined) sorted[key] = v;
  }
  return { text: `${JSON.stringify(sorted, null, 2)}\n`, losses: [] };
}
