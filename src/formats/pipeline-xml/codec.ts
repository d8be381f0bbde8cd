/**
 * The pipeline XML codec: a canonical handoff as a <task-result> (seed 000) and back. The
 * result carries summary, files changed, verification and notes in the full result schema; Done,
 * decisions, open concerns and remaining work in its <context-handoff>; and baton's front matter
 * and title in <front-matter> and <title>, which pipeline readers ignore.
 */
import { type Finding, finding } from '../../handoff/finding.js';
import type { FileTouched, ValidationEntry } from '../../handoff/types.js';
import { emptySections } from '../../handoff/types.js';
import { HANDOFF_SCHEMA } from '../../handoff/values.js';
import { readFrontMatter } from '../_front-matter.js';
import { applyFrontMatter, unheldLosses } from '../_meta.js';
import { renderFrontMatter } from '../grammar/render.js';
import type { ParsedHandoff, ParseResult, RenderLoss, RenderResult } from '../types.js';
import { NONE, readCaution, readIncomplete, readWhat, readWhy } from './_fields.js';
import { parseContextHandoff, readTaskResultDocument } from './parse.js';
import { contextHandoffOf, renderContextHandoff, renderTaskResult } from './render.js';
import type { ContextHandoffXml, TaskResultFailure, TaskResultXml } from './types.js';

/** Canonical fields a <task-result> has no place for. */
const NOT_HELD = ['goal', 'facts', 'dead_ends', 'preferences'] as const;

/** Renders a handoff as a <task-result>, with what the format could not hold. */
export function renderPipelineXml(h: ParsedHandoff): RenderResult {
  const losses: RenderLoss[] = unheldLosses(h, NOT_HELD, 'pipeline XML');
  const files: TaskResultXml['filesChanged'] = [];
  const fileNotes: (string | undefined)[] = [];
  for (const f of h.files_touched) {
    if (f.action === 'renamed') {
      losses.push({
        field: 'files_touched',
        message: `pipeline XML has no renames: \`${f.from ?? '?'}\` → \`${f.path}\` is written as deleted + created`,
      });
      if (f.from) {
        files.push({ action: 'deleted', path: f.from });
        fileNotes.push(undefined);
      }
      files.push({ action: 'created', path: f.path });
    } else {
      if (f.from) {
        losses.push({
          field: 'files_touched',
          message: `pipeline XML has no old path for ${f.action} \`${f.path}\``,
        });
      }
      files.push({ action: f.action, path: f.path });
    }
    fileNotes.push(f.note);
  }
  if (h.status === 'in-progress' || h.status === 'blocked') {
    const as = h.status === 'blocked' ? 'FAIL' : 'PASS';
    losses.push({
      field: 'status',
      message: `pipeline XML has only PASS and FAIL: ${h.status} is written as status="${as}"${as === 'PASS' ? ' with the remaining work in <incomplete>; a pipeline reader takes PASS as done' : ''} (baton keeps ${h.status} in <front-matter>)`,
    });
  }
  const from = h.from ?? 'baton';
  const result: TaskResultXml = {
    status: h.status === 'failed' || h.status === 'blocked' ? 'FAIL' : 'PASS',
    filesChanged: files,
    verification: h.validation.map((v) => ({ name: v.command, status: CHECK_OF[v.result] })),
    handoffs: [contextHandoffOf(h, { from, detail: 'FULL' })],
  };
  if (h.extra?.work !== undefined) result.work = h.extra.work;
  if (h.task !== undefined) result.task = h.task;
  if (h.from !== undefined) result.agent = h.from;
  if (h.summary !== undefined) result.summary = h.summary;
  if (h.notes !== undefined) result.notes = h.notes;
  const text = renderTaskResult(result, {
    title: h.title,
    frontMatter: renderFrontMatter(h),
    fileNotes,
    checkOutcomes: h.validation.map((v) => v.outcome),
  });
  return { text, losses };
}

const CHECK_OF: Record<ValidationEntry['result'], TaskResultXml['verification'][number]['status']> = {
  passed: 'PASS',
  failed: 'FAIL',
  'not run': 'N/A',
};

const RESULT_OF: Record<TaskResultXml['verification'][number]['status'], ValidationEntry['result']> = {
  PASS: 'passed',
  FAIL: 'failed',
  'N/A': 'not run',
};

/** Reads a <task-result> (or a bare <context-handoff>) into the canonical model; never throws. */
export function parsePipelineXml(text: string): ParseResult {
  const findings: Finding[] = [];
  const h: ParsedHandoff = emptySections();
  h.schema = HANDOFF_SCHEMA;
  const doc = readTaskResultDocument(text);
  if (!doc.ok) {
    if (doc.reason !== 'missing') return failed(doc);
    const bare = parseContextHandoff(text);
    if (!bare.ok) {
      const missing = bare.reason === 'missing';
      return failed(
        missing ? { ...bare, message: 'no <task-result> or <context-handoff> element found' } : bare,
      );
    }
    readHandoff(bare.handoff, h, findings, undefined);
    h.from = bare.handoff.from;
    if (bare.handoff.task) h.task = bare.handoff.task;
    h.status = h.remaining.length > 0 ? 'in-progress' : 'complete';
    return { format: 'pipeline-xml', handoff: h, findings };
  }
  const { result, extras, unknown } = doc.document;
  const notes: string[] = [];
  if (result.agent) h.from = result.agent;
  if (result.task) h.task = result.task;
  if (result.work) h.extra = { work: result.work };
  if (extras.title) h.title = extras.title;
  if (result.summary) h.summary = result.summary;
  h.files_touched = result.filesChanged.map((f, i) => withNote<FileTouched>({ ...f }, extras.fileNotes?.[i]));
  h.validation = result.verification.map((c, i) =>
    withOutcome({ result: RESULT_OF[c.status], command: c.name }, extras.checkOutcomes?.[i]),
  );
  const [main, ...others] = result.handoffs;
  if (main) {
    readHandoff(main, h, findings, result.summary);
    h.from ??= main.from;
    if (!h.task && main.task) h.task = main.task;
  }
  for (const other of others) notes.push(otherHandoffNote(other));
  for (const [name, value] of unknown) {
    notes.push(`### ${name}${value ? `\n\n${value}` : ''}`);
    findings.push(finding('INFO', 'element-unknown', `unknown element <${name}> is kept under Notes`));
  }
  if (result.notes) notes.unshift(result.notes);
  if (notes.length > 0) h.notes = notes.join('\n\n');
  h.status = result.status === 'FAIL' ? 'failed' : h.remaining.length > 0 ? 'in-progress' : 'complete';
  if (extras.frontMatter) readFrontMatterBlock(extras.frontMatter, h, findings);
  return { format: 'pipeline-xml', handoff: h, findings };
}

function readHandoff(c: ContextHandoffXml, h: ParsedHandoff, findings: Finding[], summary?: string): void {
  const what = readWhat(c.what, summary);
  if (!h.summary && what.summary && what.summary !== NONE) h.summary = what.summary;
  h.done = what.done;
  h.decisions = readWhy(c.why);
  h.open_concerns = readCaution(c.caution);
  const own: Finding[] = [];
  h.remaining = readIncomplete(c.incomplete, own);
  for (const f of own) findings.push({ ...f, verdict: 'INFO', line: undefined });
}

// The front matter block wins over the attributes: it is the canonical record.
function readFrontMatterBlock(lines: string[], h: ParsedHandoff, findings: Finding[]): void {
  const fm = readFrontMatter(['---', ...lines, '---']);
  for (const f of fm.findings)
    findings.push({ ...f, line: undefined, message: `<front-matter>: ${f.message}` });
  const pairs = (fm.frontMatter?.entries ?? []).map((e): [string, string] => [e.key, e.value]);
  applyFrontMatter(pairs, h, findings, '<front-matter>');
}

function otherHandoffNote(c: ContextHandoffXml): string {
  const head = `### context-handoff from ${c.from}${c.task ? ` (${c.task})` : ''}, ${c.detail}`;
  return `${head}\n\n${renderContextHandoff(c)}`;
}

function failed(f: TaskResultFailure): ParseResult {
  const where = f.line === undefined ? '' : ` (line ${f.line}, column ${f.column})`;
  const code = f.reason === 'missing' ? 'xml-missing' : f.reason === 'malformed' ? 'xml-syntax' : 'xml-shape';
  const extra = f.line === undefined ? {} : { line: f.line };
  return {
    format: 'pipeline-xml',
    handoff: { ...emptySections(), schema: HANDOFF_SCHEMA },
    findings: [finding('INVALID', code, `${f.message}${where}`, extra)],
  };
}

function withNote<T extends { note?: string }>(item: T, note: string | undefined): T {
  if (note) item.note = note;
  return item;
}

function withOutcome(v: ValidationEntry, outcome: string | undefined): ValidationEntry {
  if (outcome) v.outcome = outcome;
  return v;
}
