/**
 * Renders a handoff as a context-kit `handoff-v1` artifact that context-kit's own validator
 * accepts. Canonical fields context-kit has no place for travel as extra front matter keys
 * (which it ignores) and `###` sub-headings inside its sections, so a round trip loses nothing.
 */

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
import { renderRemainingBlocks } from '../grammar/render.js';
import { escapeBlock } from '../text.js';
import type { ParsedHandoff, RenderLoss, RenderResult } from '../types.js';
import { escapeCkBlock } from './_block.js';
import { CONTEXT_KIT_SCHEMA } from './check.js';

// A value context-kit's `_unquote` reads back unchanged: quote it only when it would not.
function ckScalar(value: string): string {
  const quoted = value.length >= 2 && value[0] === value.at(-1) && (value[0] === '"' || value[0] === "'");
  return quoted || value !== value.trim() ? `"${value}"` : value;
}

/** The text baton writes under `## Provenance and Freshness`. */
export function provenanceNote(h: ParsedHandoff): string {
  const p = h.provenance;
  if (!p) return '- None.';
  return [
    `- Anchored to \`${p.repository}\` on branch \`${p.branch}\` at \`${p.head}\`, based on \`${p.base_ref}\` at \`${p.base_commit}\`; the work tree was ${p.worktree_state}.`,
    '- Revalidate before trusting any claim: a different repository, branch or base ref means this is not the same work; a moved head, base or work tree makes the claims stale until re-verified.',
  ].join('\n');
}

/** Renders a context-kit artifact and lists what could not be carried. */
export function renderContextKit(h: ParsedHandoff): RenderResult {
  const losses: RenderLoss[] = [];
  const front = frontMatterLines(h, losses);
  const none = ['- None.'];
  const body = sectionsOf(h).map(
    ([name, lines]) => `## ${name}\n\n${(lines.length ? lines : none).join('\n')}`,
  );
  const text = `---\n${front.join('\n')}\n---\n\n# Context Handoff\n\n${body.join('\n\n')}\n`;
  return { text, losses };
}

// context-kit's flat front matter, in its order; what it cannot hold goes to `losses`.
function frontMatterLines(h: ParsedHandoff, losses: RenderLoss[]): string[] {
  const fm: [string, string | undefined][] = [
    ['schema', CONTEXT_KIT_SCHEMA],
    ['generated_at', h.created_at],
    ['repository', h.provenance?.repository],
    ['worktree', h.provenance?.worktree],
    ['branch', h.provenance?.branch],
    ['head', h.provenance?.head],
    ['base_ref', h.provenance?.base_ref],
    ['base_commit', h.provenance?.base_commit],
    ['worktree_state', h.provenance?.worktree_state],
    ['id', h.id],
    ['from', h.from],
    ['to', h.to],
    ['task', h.task],
    ['parent', h.parent],
    ['window', h.window === undefined ? undefined : String(h.window)],
    ['status', h.status],
    ['class', h.class],
    ['expires_at', h.expires_at],
    ['content_hash', h.content_hash],
    ['signature', h.signature],
    ['title', h.title],
  ];
  if (!h.provenance) {
    losses.push({
      field: 'provenance',
      message: 'context-kit requires git provenance; this handoff has none',
    });
  }
  if (h.context_manifest) {
    losses.push({
      field: 'context_manifest',
      message: "context-kit's front matter is flat, so it cannot hold a context_manifest block",
    });
  }
  const taken = new Set(fm.map(([k]) => k));
  for (const [key, value] of Object.entries(h.extra ?? {})) {
    if (taken.has(key)) {
      losses.push({
        field: `extra.${key}`,
        message: `front matter key \`${key}\` clashes with a context-kit key`,
      });
    } else fm.push([key, value]);
  }
  return fm.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${ckScalar(v as string)}`);
}

// context-kit's nine sections, each with its lines (an empty one says "None.").
function sectionsOf(h: ParsedHandoff): [string, string[]][] {
  const list = (items: string[]) => (items.length ? items.map((i) => `- ${protectSentinel(i)}`) : []);
  const sub = (title: string, lines: string[]) => (lines.length ? ['', `### ${title}`, '', ...lines] : []);
  const scope = [
    ...(h.goal ? [escapeCkBlock(h.goal)] : []),
    ...sub('Summary', h.summary ? [escapeCkBlock(h.summary)] : []),
    ...sub('Preferences', list(h.preferences.map(renderPlain))),
  ];
  const decisions = [
    ...h.decisions.flatMap((d) => {
      const [first, ...rejected] = renderDecision(d);
      return [`- ${protectSentinel(first as string)}`, ...rejected.map((r) => `  - ${r}`)];
    }),
    ...sub('Dead ends', list(h.dead_ends.map(renderDeadEnd))),
  ];
  const unresolved = [
    ...list(h.open_concerns.map(renderPlain)),
    ...sub('Notes', h.notes ? [escapeBlock(h.notes)] : []),
  ];
  const sections: [string, string[]][] = [
    ['Scope', trimLeading(scope)],
    ['Verified Facts', list(h.facts.map(renderFact))],
    ['Decisions', trimLeading(decisions)],
    ['Changed Files', list(h.files_touched.map(renderFileTouched))],
    ['Completed Work', list(h.done.map(renderDone))],
    ['Unresolved Items', trimLeading(unresolved)],
    ['Next Steps', renderRemainingBlocks(h)],
    ['Validation State', list(h.validation.map(renderValidation))],
    ['Provenance and Freshness', [provenanceNote(h)]],
  ];
  return sections;
}

function trimLeading(lines: string[]): string[] {
  return lines[0] === '' ? lines.slice(1) : lines;
}
