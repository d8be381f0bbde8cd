/**
 * The Anchor handoff (seed 004): five `##` sections — Done, Remaining, Decisions made, Files
 * touched, Open concerns. Anchor structures only Remaining; the other sections are read as any
 * bullet (the canonical item grammar, or a bare bullet as Anchor means it), and written in the
 * canonical grammar. baton adds its front matter and title,
 * which Anchor's section parser passes over. A Remaining section without a sub-spec is an error:
 * a finished task replies with `## Result` instead, and the message says so to the agent.
 */
import { type Finding, finding } from '../../handoff/finding.js';
import { HANDOFF_SCHEMA } from '../../handoff/values.js';
import { unheldLosses } from '../_meta.js';
import { readHandoffMarkdown } from '../grammar/document.js';
import {
  protectSentinel,
  renderDecision,
  renderDone,
  renderFileTouched,
  renderPlain,
} from '../grammar/items.js';
import { renderFrontMatter, renderRemainingBlocks } from '../grammar/render.js';
import { escapeComments } from '../text.js';
import type { ParsedHandoff, ParseResult, RenderLoss, RenderResult } from '../types.js';
import { readAnchorDecision, readAnchorDone, readAnchorFiles } from './_bullets.js';

/** Anchor's five sections, as it writes them, with the canonical field each one holds. */
const ANCHOR_SECTIONS = [
  ['Done', 'done'],
  ['Remaining', 'remaining'],
  ['Decisions made', 'decisions'],
  ['Files touched', 'files_touched'],
  ['Open concerns', 'open_concerns'],
] as const;

/** Canonical fields an Anchor handoff has no section for. */
const NOT_HELD = ['goal', 'summary', 'facts', 'validation', 'dead_ends', 'preferences', 'notes'] as const;

/** What an agent is told when its Remaining section names no work. */
export const NO_SUBSPEC_MESSAGE =
  '`## Remaining` has no `### ` sub-spec. If the task is finished, do not hand off: reply with your ' +
  '`## Result` instead. If work remains, write each piece as `### <title>` with a ' +
  '`- Verify by: `<command>`` line.';

/** Renders a handoff as an Anchor handoff, with what the format could not hold. */
export function renderAnchor(h: ParsedHandoff): RenderResult {
  const losses: RenderLoss[] = unheldLosses(h, NOT_HELD, 'an Anchor handoff');
  if (h.remaining.length === 0) {
    losses.push({
      field: 'remaining',
      message: 'an Anchor handoff needs remaining work; a finished task replies with `## Result` instead',
    });
  }
  const front = renderFrontMatter(h).filter((l) => !l.startsWith('schema:'));
  const list = (items: string[]) =>
    items.length ? items.map((i) => `- ${protectSentinel(i)}`) : ['- None.'];
  const bodies: Record<(typeof ANCHOR_SECTIONS)[number][1], string[]> = {
    done: list(h.done.map(renderDone)),
    remaining: renderRemainingBlocks(h),
    decisions: h.decisions.length
      ? h.decisions.flatMap((d) => {
          const [first, ...rejected] = renderDecision(d);
          return [`- ${protectSentinel(first as string)}`, ...rejected.map((r) => `  - ${r}`)];
        })
      : ['- None.'],
    files_touched: list(h.files_touched.map(renderFileTouched)),
    open_concerns: list(h.open_concerns.map(renderPlain)),
  };
  const parts: string[] = [];
  if (front.length > 0) parts.push(`---\n${front.join('\n')}\n---\n`);
  if (h.title !== undefined) parts.push(`# ${escapeComments(h.title)}\n`);
  for (const [heading, key] of ANCHOR_SECTIONS) {
    const body = bodies[key];
    parts.push(body.length ? `## ${heading}\n\n${body.join('\n')}\n` : `## ${heading}\n`);
  }
  return { text: parts.join('\n'), losses };
}

/** Anchor's readers of the sections it does not structure (any bullet is an item). */
const ANCHOR_READERS = {
  done: readAnchorDone,
  decisions: readAnchorDecision,
  files_touched: readAnchorFiles,
} as const;

/**
 * Reads an Anchor handoff: the canonical reader with Anchor's bare bullets (see `_bullets.ts`),
 * held to Anchor's own section rules.
 */
export function parseAnchor(text: string): ParseResult {
  const parse = readHandoffMarkdown(text, ANCHOR_READERS);
  const h = parse.handoff;
  const optional = new Set(['front-matter-missing', 'title-missing']);
  const findings: Finding[] = parse.findings.filter((f) => !optional.has(f.code));
  const seen = parse.sectionLines ?? {};
  for (const [heading, key] of ANCHOR_SECTIONS) {
    if (seen[key] === undefined) {
      findings.push(
        finding(
          'INVALID',
          'anchor-section-missing',
          `an Anchor handoff needs a \`## ${heading}\` section (write \`- None.\` under it when it is empty)`,
        ),
      );
    }
  }
  if (seen.remaining !== undefined && h.remaining.length === 0) {
    findings.push(finding('INVALID', 'anchor-no-subspec', NO_SUBSPEC_MESSAGE, { line: seen.remaining }));
  }
  h.schema = HANDOFF_SCHEMA;
  h.status ??= h.remaining.length > 0 ? 'in-progress' : 'complete';
  return { ...parse, format: 'anchor', findings };
}
