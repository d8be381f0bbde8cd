/**
 * Whether a text is in the format a conversion reads it as: its schema, its sections or its
 * keys. A free-form handoff parses as an empty canonical one; `convert` must say so instead of
 * returning `# Handoff`.
 */
import { FRONT_MATTER_KEYS, LIST_KEYS } from '../handoff/types.js';
import { HANDOFF_SCHEMA } from '../handoff/values.js';
import { detect } from './detect.js';
import type { FormatName, ParseResult } from './types.js';

// baton JSON's keys: the front matter's (provenance nested), the title and the sections.
const CANONICAL_KEYS = new Set<string>([
  ...FRONT_MATTER_KEYS,
  ...LIST_KEYS,
  'provenance',
  'extra',
  'context_manifest',
  'title',
  'goal',
  'summary',
  'notes',
]);
const FORGE_KEYS = [
  'task_intent',
  'reasoning_chain',
  'from_agent',
  'escalation_note',
  'handoff_id',
  'next_actions',
];
const PHASE_KEYS = ['fromPhase', 'toPhase', 'openIssues', 'userPreferences', 'decisionsMade'];
const ANCHOR_KEYS = ['done', 'remaining', 'decisions', 'files_touched', 'open_concerns'] as const;

function rootObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const rootKeys = (text: string) => {
  const root = rootObject(text);
  return root ? Object.keys(root) : undefined;
};

/** True when `parse` (of `text`, read as `format`) found that format's own marks in it. */
export function isInFormat(text: string, format: FormatName, parse: ParseResult): boolean {
  const sections = parse.sectionLines ?? {};
  switch (format) {
    case 'baton':
      return parse.handoff.schema === HANDOFF_SCHEMA || Object.keys(sections).length > 0;
    case 'anchor':
      return ANCHOR_KEYS.some((k) => sections[k] !== undefined);
    case 'context-kit':
      return (
        /^schema:[ \t]*['"]?context-kit\/handoff-v1/m.test(text) || /^# Context Handoff[ \t]*$/m.test(text)
      );
    case 'json': {
      const root = rootObject(text);
      if (!root) return true; // not a JSON object: the codec's own finding says so
      const keys = Object.keys(root);
      return root.schema === HANDOFF_SCHEMA || (keys.length > 0 && keys.every((k) => CANONICAL_KEYS.has(k)));
    }
    case 'forge':
      return (rootKeys(text) ?? FORGE_KEYS).some((k) => FORGE_KEYS.includes(k));
    case 'phase':
      return (rootKeys(text) ?? PHASE_KEYS).some((k) => PHASE_KEYS.includes(k));
    case 'pipeline-xml':
      return true; // a missing <task-result> is already the codec's fatal finding
  }
}

/** What a text that is not in `format` looks like, and what to do about it, in one sentence. */
export function notInFormatMessage(text: string, format: FormatName): string {
  const seen = detect(text);
  const head = text.trimStart();
  const kind = /^[{[]/.test(head)
    ? 'JSON'
    : /^</.test(head)
      ? 'XML'
      : /^[\w"'-][^\n:]*:[ \t]/.test(head) && !/^#/m.test(head.slice(0, 2000))
        ? 'YAML'
        : 'Markdown';
  const what =
    format === 'json'
      ? 'baton/handoff-v1 JSON'
      : format === 'baton'
        ? 'a baton/handoff-v1 handoff'
        : `${/^[aeiou]/.test(format) ? 'an' : 'a'} ${format} handoff`;
  const unknown = (rootKeys(text) ?? []).filter((k) => !CANONICAL_KEYS.has(k));
  const why =
    format === 'json'
      ? `no "schema": "${HANDOFF_SCHEMA}", and keys it does not have: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}`
      : `none of its ${format === 'forge' || format === 'phase' ? 'keys' : 'sections'}`;
  const looks =
    seen !== format && seen !== 'baton' && seen !== 'json'
      ? `it looks like ${seen} (use --from ${seen}), or a free-form handoff: use \`baton import\``
      : `it looks like a free-form ${kind} handoff: use \`baton import\` to map it onto the canonical sections`;
  return `this is not ${what} (${why}); ${looks}`;
}
