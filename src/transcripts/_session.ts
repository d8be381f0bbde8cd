/** Building a session record: the few rules every reader shares. */
import { notePaths } from './_mentions.js';
import { isAck } from './_requests.js';
import type { SessionRecord, TaskItem, TranscriptKind } from './types.js';

/** A new, empty session record. */
export function emptySession(kind: TranscriptKind): SessionRecord {
  return {
    kind,
    requests: [],
    files: new Map(),
    commands: [],
    tasks: [],
    commits: [],
    commitsAt: [],
    requestsAt: [],
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

/**
 * A request of the person's (already read by `requestText`): kept in order, its paths noted, and
 * the session waits for the agent's answer. "continue" asks for nothing new, so it does not move
 * where the newest request stands.
 */
export function noteRequest(s: SessionRecord, request: string): void {
  s.requests.push(request);
  s.unanswered = true;
  if (!isAck(request)) {
    s.requestsAt.push(s.stats.lines);
    s.requestStep = s.steps;
  }
  notePaths(s, request, 'person');
}

/** The agent's own words (non-empty): its last message, and where and at which step it said it. */
export function noteAgentWords(s: SessionRecord, text: string): void {
  s.lastAssistant = text;
  s.lastAssistantStep = s.steps;
  s.lastAssistantAt = s.stats.lines;
  s.unanswered = false;
}

/** The host's task list as it now stands, and where it last changed. */
export function noteTasks(s: SessionRecord, tasks: TaskItem[]): void {
  s.tasks = tasks;
  s.tasksAt = s.stats.lines;
}

/** A commit the session made, and where. */
export function noteCommit(s: SessionRecord, subject: string): void {
  s.commits.push(subject);
  s.commitsAt.push(s.stats.lines);
}
