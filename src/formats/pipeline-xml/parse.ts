/**
 * Reads <task-result> and <context-handoff> elements out of an agent's reply. Malformed XML is
 * an answer (reason, message, line, column), never a throw: the run engine sends the message
 * back to the agent for a corrective retry.
 */
import {
  childrenNamed,
  findElement,
  positionOf,
  readBlock,
  readElement,
  textOf,
  type XmlElement,
} from './_xml.js';
import type { TaskResultExtras } from './render.js';
import type { ContextHandoffXml, TaskResultFailure, TaskResultParse, TaskResultXml } from './types.js';

const FILE_ACTIONS = ['created', 'modified', 'deleted'] as const;
const CHECK_STATUSES = ['PASS', 'FAIL', 'N/A'] as const;

/** A task result as baton reads it: the public shape, baton's extras, and elements it did not know. */
export interface TaskResultDocument {
  result: TaskResultXml;
  extras: TaskResultExtras;
  /** Child elements of <task-result> that are not part of the schema, as `[name, text]`. */
  unknown: [string, string][];
}

/**
 * Finds and parses the <task-result> in an agent's reply (text may surround it). Malformed XML:
 * ok false with the parser's line and column, never a throw. No <task-result> at all: ok false,
 * reason 'missing'.
 */
export function parseTaskResult(text: string): TaskResultParse {
  const doc = readTaskResultDocument(text);
  return doc.ok ? { ok: true, result: doc.document.result } : doc;
}

/** Like `parseTaskResult`, with baton's extras and the unknown elements kept. */
export function readTaskResultDocument(
  text: string,
): { ok: true; document: TaskResultDocument } | TaskResultFailure {
  const root = locate(text, 'task-result');
  if (!root.ok) return root;
  return readTaskResult(root.element, root.at);
}

/** Finds and parses a bare <context-handoff> (text may surround it). */
export function parseContextHandoff(
  text: string,
): { ok: true; handoff: ContextHandoffXml } | TaskResultFailure {
  const root = locate(text, 'context-handoff');
  if (!root.ok) return root;
  const handoff = readContextHandoff(root.element, root.at);
  return 'reason' in handoff ? handoff : { ok: true, handoff };
}

function locate(
  text: string,
  name: string,
): { ok: true; element: XmlElement; at: { line: number; column: number } } | TaskResultFailure {
  const found = findElement(text, name);
  if (!found) return { ok: false, reason: 'missing', message: `the reply has no <${name}> element` };
  if ('unclosed' in found) {
    const at = positionOf(text, found.unclosed);
    return {
      ok: false,
      reason: 'malformed',
      message: `<${name}> opened at line ${at.line}, column ${at.column} is never closed`,
      ...at,
    };
  }
  const read = readElement(text, found.span);
  if (!('ok' in read)) return { ok: false, ...read };
  return { ok: true, element: read.root, at: positionOf(text, found.span.start) };
}

function invalid(message: string, at: { line: number; column: number }): TaskResultFailure {
  return { ok: false, reason: 'invalid', message, ...at };
}

function readTaskResult(
  root: XmlElement,
  at: { line: number; column: number },
): { ok: true; document: TaskResultDocument } | TaskResultFailure {
  const status = root.attrs.status?.trim().toUpperCase();
  if (status !== 'PASS' && status !== 'FAIL') {
    return invalid(
      `<task-result> needs status="PASS" or status="FAIL"${root.attrs.status === undefined ? '' : `, not "${root.attrs.status}"`}`,
      at,
    );
  }
  const result: TaskResultXml = { status, filesChanged: [], verification: [], handoffs: [] };
  for (const key of ['work', 'task', 'agent'] as const) {
    const v = root.attrs[key]?.trim();
    if (v) result[key] = v;
  }
  const extras: TaskResultExtras = {};
  const unknown: [string, string][] = [];
  const fileNotes: (string | undefined)[] = [];
  const checkOutcomes: (string | undefined)[] = [];
  for (const child of root.children) {
    if (typeof child === 'string') continue;
    switch (child.name) {
      case 'summary':
      case 'notes':
      case 'title': {
        const value = readBlock(textOf(child));
        if (!value) break;
        if (child.name === 'title') extras.title = value;
        else result[child.name] = value;
        break;
      }
      case 'files-changed':
        for (const file of childrenNamed(child, 'file')) {
          const action = file.attrs.action?.trim().toLowerCase();
          const path = file.attrs.path?.trim();
          if (!(FILE_ACTIONS as readonly string[]).includes(action ?? '') || !path) {
            return invalid(
              `<file> needs action="created|modified|deleted" and a path (got action="${file.attrs.action ?? ''}", path="${file.attrs.path ?? ''}")`,
              at,
            );
          }
          result.filesChanged.push({ action: action as (typeof FILE_ACTIONS)[number], path });
          fileNotes.push(file.attrs.note);
        }
        break;
      case 'verification':
        for (const check of childrenNamed(child, 'check')) {
          const checkStatus = check.attrs.status?.trim().toUpperCase();
          const name = check.attrs.name?.trim();
          if (!(CHECK_STATUSES as readonly string[]).includes(checkStatus ?? '') || !name) {
            return invalid(
              `<check> needs a name and status="PASS|FAIL|N/A" (got name="${check.attrs.name ?? ''}", status="${check.attrs.status ?? ''}")`,
              at,
            );
          }
          result.verification.push({ name, status: checkStatus as (typeof CHECK_STATUSES)[number] });
          checkOutcomes.push(check.attrs.outcome);
        }
        break;
      case 'context-handoff': {
        const handoff = readContextHandoff(child, at);
        if ('reason' in handoff) return handoff;
        result.handoffs.push(handoff);
        break;
      }
      case 'front-matter':
        extras.frontMatter = readBlock(textOf(child))
          .split('\n')
          .filter((l) => l.trim() !== '');
        break;
      default:
        unknown.push([child.name, readBlock(textOf(child))]);
    }
  }
  if (fileNotes.some((n) => n !== undefined)) extras.fileNotes = fileNotes;
  if (checkOutcomes.some((o) => o !== undefined)) extras.checkOutcomes = checkOutcomes;
  return { ok: true, document: { result, extras, unknown } };
}

function readContextHandoff(
  element: XmlElement,
  at: { line: number; column: number },
): ContextHandoffXml | TaskResultFailure {
  const from = element.attrs.from?.trim();
  if (!from)
    return invalid('<context-handoff> needs a from="…" attribute naming the stage that wrote it', at);
  const level = (element.attrs['detail-level'] ?? 'FULL').trim().toUpperCase();
  if (level !== 'FULL' && level !== 'SUMMARY') {
    return invalid(`<context-handoff> detail-level must be FULL or SUMMARY, not "${level}"`, at);
  }
  const field = (name: string) => {
    const el = childrenNamed(element, name)[0];
    return el === undefined ? undefined : readBlock(textOf(el));
  };
  const what = field('what');
  if (!what) return invalid(`<context-handoff from="${from}"> needs a non-empty <what>`, at);
  const out: ContextHandoffXml = { from, detail: level, what };
  const task = element.attrs.task?.trim();
  if (task) out.task = task;
  for (const name of ['why', 'caution', 'incomplete'] as const) {
    const value = field(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
