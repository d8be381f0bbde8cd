/** Building a session record: the few rules every reader shares. */
import type { SessionRecord, TranscriptKind } from './types.js';

/** A new, empty session record. */
export function emptySession(kind: TranscriptKind): SessionRecord {
  return {
    kind,
    requests: [],
    files: new Map(),
    commands: [],
    tasks: [],
    commits: [],
    compactSummaries: [],
    compactions: 0,
    steps: 0,
    fileSteps: new Map(),
    reads: new Map(),
    mentions: new Map(),
    stats: { lines: 0, malformed: 0, unknown: 0 },
  };
}

/**
 * Records a change to `path`: a file first written is created; one first edited, modified; one
 * removed, deleted (also when the session created it: the next agent should know it is gone).
 */
export function touch(
  s: SessionRecord,
  path: string,
  how: 'written' | 'edited' | 'deleted',
  step = s.steps,
): void {
  const before = s.files.get(path);
  s.fileSteps.set(path, Math.max(step, s.fileSteps.get(path) ?? 0));
  if (how === 'deleted') s.files.set(path, 'deleted');
  else if (before === undefined) s.files.set(path, how === 'written' ? 'created' : 'modified');
  else if (before === 'deleted') s.files.set(path, 'modified');
}
