/**
 * The summary a host wrote at its latest compaction, read from the end of the log: Claude Code's
 * `isCompactSummary` user record, Codex's `compacted` item. Only when it is the last thing of the
 * conversation — a summary followed by more work is an older compaction's, and checking it now
 * would hold stale words against a log that has moved on.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { field, type JsonRecord, parseRecord, str } from './_lines.js';
import { isSummaryText, requestText } from './_requests.js';
import type { TranscriptKind } from './types.js';

const CHUNK = 1024 * 1024;
// A `compacted` item carries the history it replaces and can be large; past this, give up quietly.
const MAX_BACK = 64 * 1024 * 1024;

/** The log's last compaction, when the log ends with one, and its summary when it is readable. */
export interface LatestCompaction {
  /** The conversation's last record is a compaction (its summary, or Codex's `compacted` item). */
  ended: boolean;
  summary?: string;
}

/** Whether the log at `path` ends with a compaction, and the summary the host wrote there. */
export function latestCompaction(path: string, kind: TranscriptKind): LatestCompaction {
  for (const line of linesFromEnd(path)) {
    const r = parseRecord(line);
    if (!r) continue;
    const verdict = kind === 'codex' ? codexRecord(r) : claudeRecord(r);
    if (verdict === 'skip') continue;
    if (verdict === null) return { ended: false };
    return verdict === '' ? { ended: true } : { ended: true, summary: verdict };
  }
  return { ended: false };
}

/** Claude Code: the summary text, null when the conversation goes on after the last one, or skip. */
function claudeRecord(r: JsonRecord): string | null | 'skip' {
  const type = str(r.type);
  if (type === 'system' && r.subtype === 'compact_boundary') return null;
  if (type === 'assistant') return null;
  if (type !== 'user') return 'skip';
  const content = field(r.message, 'content');
  const texts =
    typeof content === 'string'
      ? [content]
      : Array.isArray(content)
        ? content.flatMap((b) => (field(b, 'type') === 'text' ? [str(field(b, 'text')) ?? ''] : []))
        : [];
  const text = texts.join('\n');
  if (r.isCompactSummary === true || isSummaryText(text)) return text;
  // The host's own records after a compaction (the /compact echo, its output) are not the person's.
  if (r.isMeta === true || texts.every((t) => requestText(t) === undefined)) return 'skip';
  return null;
}

/** Codex: the `compacted` message (or the summary inside its replacement history; '' when none is readable), null, or skip. */
function codexRecord(r: JsonRecord): string | null | 'skip' {
  const type = str(r.type);
  const payload = r.payload ?? r;
  if (type === 'compacted') {
    const message = str(field(payload, 'message'));
    if (message) return message;
    const history = field(payload, 'replacement_history');
    const items = Array.isArray(history) ? history : [];
    for (const item of [...items].reverse()) {
      const content = field(item, 'content');
      if (!Array.isArray(content)) continue;
      const text = content.map((c) => str(field(c, 'text')) ?? '').join('\n');
      if (isSummaryText(text)) return text;
    }
    // A compaction whose summary is not readable (encrypted by the provider, say).
    return '';
  }
  if (type !== 'response_item') return 'skip';
  const item = field(payload, 'type');
  if (item === 'function_call' || item === 'custom_tool_call' || item === 'local_shell_call') return null;
  if (item !== 'message') return 'skip';
  // Hook context and instructions come as developer messages, and wrappers in the user role.
  const role = field(payload, 'role');
  if (role === 'assistant') return null;
  if (role !== 'user') return 'skip';
  const content = field(payload, 'content');
  const texts = Array.isArray(content) ? content.map((c) => str(field(c, 'text')) ?? '') : [];
  return texts.every((t) => requestText(t) === undefined || isSummaryText(t)) ? 'skip' : null;
}

/** The complete lines of a file, last first, reading backwards in chunks. */
function* linesFromEnd(path: string): Generator<string> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return;
  }
  try {
    let end = statSync(path).size;
    let carry = Buffer.alloc(0);
    let read = 0;
    while (end > 0 && read < MAX_BACK) {
      const start = Math.max(0, end - CHUNK);
      const chunk = Buffer.alloc(end - start);
      readSync(fd, chunk, 0, chunk.length, start);
      read += chunk.length;
      let buffer = Buffer.concat([chunk, carry]);
      // Everything after the first newline is whole lines; what is before it may be cut.
      let nl = buffer.lastIndexOf(0x0a);
      while (nl >= 0) {
        const line = buffer.subarray(nl + 1).toString('utf8');
        if (line.trim() !== '') yield line;
        buffer = buffer.subarray(0, nl);
        nl = buffer.lastIndexOf(0x0a);
      }
      carry = buffer;
      end = start;
    }
    if (end === 0 && carry.length > 0) yield carry.toString('utf8');
  } finally {
    closeSync(fd);
  }
}
