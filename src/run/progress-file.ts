/**
 * The builder's progress file, `<run dir>/TASK-NN_progress.md`, in seed 000's format:
 * `- Status: PENDING|STARTED|IN_PROGRESS|COMPLETED`, `- Started:`, `- Updated:` and
 * `- Files changed:` with `` `path` — CREATE|MODIFY|DELETE `` entries.
 */
import { codeSpans } from '../formats/text.js';

/** A file the builder says it changed. */
export interface ProgressFile {
  path: string;
  action: 'CREATE' | 'MODIFY' | 'DELETE';
}

/** What a progress file says. */
export interface Progress {
  status: string | undefined;
  started?: string;
  updated?: string;
  files: ProgressFile[];
  /** Lines under "Files changed" that could not be read as a file entry. */
  unreadable: string[];
}

const ACTIONS: Record<string, ProgressFile['action']> = {
  create: 'CREATE',
  created: 'CREATE',
  add: 'CREATE',
  added: 'CREATE',
  modify: 'MODIFY',
  modified: 'MODIFY',
  update: 'MODIFY',
  updated: 'MODIFY',
  delete: 'DELETE',
  deleted: 'DELETE',
  remove: 'DELETE',
  removed: 'DELETE',
};

/** Reads a progress file (tolerant of bullets, case and dash styles). */
export function parseProgress(text: string): Progress {
  const progress: Progress = { status: undefined, files: [], unreadable: [] };
  let inFiles = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const field = /^[-*]?\s*(status|started|updated|files changed)\s*:\s*(.*)$/i.exec(line.trim());
    if (field && !/^\s{2,}/.test(line)) {
      const name = (field[1] as string).toLowerCase();
      const value = (field[2] as string).trim();
      inFiles = name === 'files changed';
      if (name === 'status') progress.status = value.replace(/[`*]/g, '').toUpperCase();
      else if (name === 'started') progress.started = value;
      else if (name === 'updated') progress.updated = value;
      else if (value && !/^none\.?$/i.test(value)) readFiles(value, progress);
      continue;
    }
    // A file entry outside a `Files changed:` block (`- \`path\` — CREATE`) is still a file entry.
    if (!inFiles && /^[-*+]\s+`[^`]+`\s*[—–:-]+\s*[A-Za-z]+\s*$/.test(line.trim())) {
      readFiles(line.trim().replace(/^[-*+]\s*/, ''), progress);
      continue;
    }
    if (inFiles) {
      if (line.trim() === '') continue;
      if (/^#/.test(line.trim())) {
        inFiles = false;
        continue;
      }
      readFiles(line.trim().replace(/^[-*+]\s*/, ''), progress);
    }
  }
  return progress;
}

function readFiles(text: string, progress: Progress): void {
  const spans = codeSpans(text);
  if (spans.length === 0) {
    const m = /^(\S+)\s+[—–-]+\s+(\w+)/.exec(text);
    const action = m ? ACTIONS[(m[2] as string).toLowerCase()] : undefined;
    if (m && action) progress.files.push({ path: m[1] as string, action });
    else progress.unreadable.push(text);
    return;
  }
  spans.forEach((span, i) => {
    const after = text.slice(span.end, spans[i + 1]?.start ?? text.length);
    const word = /[—–:-]+\s*([A-Za-z]+)/.exec(after)?.[1]?.toLowerCase();
    const action = word ? ACTIONS[word] : undefined;
    if (action) progress.files.push({ path: span.code.trim(), action });
    else progress.unreadable.push(text);
  });
}

/** The instructions a builder gets about the progress file it must keep. */
export function progressInstructions(path: string): string {
  return [
    `Keep a progress file at ${path} in this format (the committer gates on it):`,
    '',
    '- Status: PENDING | STARTED | IN_PROGRESS | COMPLETED',
    '- Started: <ISO 8601 time>',
    '- Updated: <ISO 8601 time>',
    '- Files changed:',
    '  - `path/to/file` — CREATE | MODIFY | DELETE',
    '',
    'Set Status to COMPLETED only when the task is done, and list every file you changed (paths',
    'relative to the repository root). Only the files listed are committed.',
  ].join('\n');
}
