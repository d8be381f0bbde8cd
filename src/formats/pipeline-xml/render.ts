/** Writes the elements of the pipeline XML format: context handoffs, dispatches, task results. */
import { UserError } from '../../errors.js';
import type { ParsedHandoff } from '../types.js';
import { NONE, renderCaution, renderIncomplete, renderWhat, renderWhy } from './_fields.js';
import { renderAttrs, renderTextElement } from './_xml.js';
import type { ContextHandoffXml, DetailLevel, DispatchXml, TaskResultXml } from './types.js';

/** Lines of `<what>` a SUMMARY handoff carries at most (seed 000). */
export const SUMMARY_MAX_LINES = 3;

/**
 * The <context-handoff> of a canonical handoff at a detail level (FORMATS.md §3.3 mapping:
 * what = Summary (+ Done), why = the reasons of Decisions, caution = Open concerns,
 * incomplete = Remaining or 'None'; SUMMARY carries <what> only, at most 3 lines).
 */
export function contextHandoffOf(
  h: ParsedHandoff,
  options: { from: string; detail: DetailLevel; task?: string },
): ContextHandoffXml {
  const task = options.task ?? h.task;
  const base = { from: options.from, ...(task === undefined ? {} : { task }) };
  if (options.detail === 'SUMMARY') {
    const lines = (h.summary ?? h.title ?? '').split('\n');
    return { ...base, detail: 'SUMMARY', what: lines.slice(0, SUMMARY_MAX_LINES).join('\n').trim() };
  }
  return {
    ...base,
    detail: 'FULL',
    what: renderWhat(h.summary, h.done) || NONE,
    why: renderWhy(h.decisions),
    caution: renderCaution(h.open_concerns),
    incomplete: renderIncomplete(h),
  };
}

/** Renders one <context-handoff> element (text escaped), indented by `indent` spaces. */
export function renderContextHandoff(c: ContextHandoffXml, indent = 0): string {
  const pad = ' '.repeat(indent);
  const attrs = renderAttrs([
    ['from', c.from],
    ['task', c.task],
    ['detail-level', c.detail],
  ]);
  const fields: [string, string | undefined][] = [
    ['what', c.what],
    ['why', c.why],
    ['caution', c.caution],
    ['incomplete', c.incomplete],
  ];
  const inner = fields
    .filter((f): f is [string, string] => f[1] !== undefined)
    .map(([name, text]) => renderTextElement(name, text, indent + 2));
  return `${pad}<context-handoff${attrs}>\n${inner.join('\n')}\n${pad}</context-handoff>`;
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Renders a <dispatch> element: the spec as <task-spec>, the handoffs, <previous-results>
 * holding earlier tasks' handoffs, and each notice as an element named by `name` (e.g.
 * <budget-notice>).
 */
export function renderDispatch(d: DispatchXml): string {
  const parts: string[] = [];
  if (d.spec !== undefined) parts.push(renderInstructions('task-spec', d.spec));
  for (const c of d.handoffs) parts.push(renderContextHandoff(c, 2));
  if (d.previousResults && d.previousResults.length > 0) {
    const inner = d.previousResults.map((c) => renderContextHandoff(c, 4));
    parts.push(`  <previous-results>\n${inner.join('\n')}\n  </previous-results>`);
  }
  for (const notice of d.notices ?? []) {
    if (!XML_NAME.test(notice.name) || /^xml/i.test(notice.name)) {
      throw new UserError('USAGE', `a dispatch notice needs an XML element name, not "${notice.name}"`);
    }
    parts.push(renderInstructions(notice.name, notice.text));
  }
  const attrs = renderAttrs([
    ['to', d.to],
    ['task', d.task],
  ]);
  return `<dispatch${attrs}>\n${parts.join('\n')}${parts.length ? '\n' : ''}</dispatch>`;
}

/**
 * Text an agent reads as instructions (the task spec, notices). When it holds markup (a reply
 * template, a budget notice's handoff template) it goes in a CDATA section, so the agent sees
 * `<task-result>` as written rather than `&lt;task-result&gt;`, which it might copy back.
 */
function renderInstructions(name: string, text: string): string {
  if (!/[<&]/.test(text) || text.includes(']]>')) return renderTextElement(name, text, 2);
  return `  <${name}><![CDATA[${text}]]></${name}>`;
}

/** Extra parts of a <task-result> that baton writes so a canonical handoff survives a round trip. */
export interface TaskResultExtras {
  title?: string;
  /** Canonical front matter lines (`key: value`). */
  frontMatter?: string[];
  /** A note per file (by index into `filesChanged`), written as a `note` attribute. */
  fileNotes?: (string | undefined)[];
  /** An outcome per check (by index into `verification`), written as an `outcome` attribute. */
  checkOutcomes?: (string | undefined)[];
}

/** Renders a <task-result> with the full result schema; `extras` are baton's own additions. */
export function renderTaskResult(r: TaskResultXml, extras: TaskResultExtras = {}): string {
  const parts: string[] = [];
  if (extras.title !== undefined) parts.push(renderTextElement('title', extras.title, 2));
  if (r.summary !== undefined) parts.push(renderTextElement('summary', r.summary, 2));
  parts.push(
    ...emptyElements(
      'files-changed',
      'file',
      r.filesChanged.map((f, i) => [
        ['action', f.action],
        ['path', f.path],
        ['note', extras.fileNotes?.[i]],
      ]),
    ),
    ...emptyElements(
      'verification',
      'check',
      r.verification.map((c, i) => [
        ['name', c.name],
        ['status', c.status],
        ['outcome', extras.checkOutcomes?.[i]],
      ]),
    ),
  );
  if (r.notes !== undefined) parts.push(renderTextElement('notes', r.notes, 2));
  for (const c of r.handoffs) parts.push(renderContextHandoff(c, 2));
  if (extras.frontMatter && extras.frontMatter.length > 0) {
    parts.push(renderTextElement('front-matter', extras.frontMatter.join('\n'), 2));
  }
  const attrs = renderAttrs([
    ['status', r.status],
    ['work', r.work],
    ['task', r.task],
    ['agent', r.agent],
  ]);
  return `<task-result${attrs}>\n${parts.join('\n')}${parts.length ? '\n' : ''}</task-result>\n`;
}

// `<container>` holding one empty `<item …/>` per attribute list, or nothing when there are none.
function emptyElements(container: string, item: string, rows: [string, string | undefined][][]): string[] {
  if (rows.length === 0) return [];
  const inner = rows.map((attrs) => `    <${item}${renderAttrs(attrs)}/>`);
  return [`  <${container}>\n${inner.join('\n')}\n  </${container}>`];
}
