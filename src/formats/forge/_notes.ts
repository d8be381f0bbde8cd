/**
 * FORGE's floor_state and provenance have no canonical field: they travel in Notes as fenced
 * JSON blocks under fixed headings, and come back out of Notes when rendering FORGE again.
 */

import { jsonText } from '../json-text.js';

const BLOCK_RE = /(?:^|\n\n)### FORGE (floor_state|provenance)\n\n```json\n([\s\S]*?)\n```(?=\n\n|$)/g;

/** The Notes blocks for a FORGE handoff's floor_state and provenance ('' when both are empty). */
export function forgeNotes(floorState: unknown, provenance: unknown): string {
  const blocks: string[] = [];
  const empty = (v: unknown) =>
    v === undefined || v === null || (typeof v === 'object' && Object.keys(v as object).length === 0);
  if (!empty(floorState)) blocks.push(block('floor_state', floorState));
  if (!empty(provenance)) blocks.push(block('provenance', provenance));
  return blocks.join('\n\n');
}

function block(name: string, value: unknown): string {
  return `### FORGE ${name}\n\n\`\`\`json\n${jsonText(value, true)}\n\`\`\``;
}

/** Notes split into FORGE's blocks (parsed back) and the rest of the text. */
export function splitForgeNotes(notes: string | undefined): {
  floor_state?: unknown;
  provenance?: unknown;
  rest?: string;
} {
  if (!notes) return {};
  const out: { floor_state?: unknown; provenance?: unknown; rest?: string } = {};
  const rest = notes.replace(BLOCK_RE, (whole, name: 'floor_state' | 'provenance', json: string) => {
    try {
      out[name] = JSON.parse(json);
      return '';
    } catch {
      return whole;
    }
  });
  if (rest.trim() !== '') out.rest = rest.trim();
  return out;
}
