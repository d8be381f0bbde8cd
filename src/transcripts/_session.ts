/** Building a session record: the few rules every reader shares. */
import { newThread, noteFindings } from './_findings.js';
import { notePaths } from './_mentions.js';
import { inScratchFolder, isAbsolutePath, relativePath, resolvedUnder } from './_paths.js';
import { isAck, isInterjection, sentencesOf } from './_requests.js';
import { commitSubject, shellFileChanges, workFolder } from './_shell.js';
import type { CommandRun, SessionRecord, TaskItem, TranscriptKind } from './types.js';

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
    imports: new Map(),
    findings: [],
    stats: { lines: 0, malformed: 0, unknown: 0 },
  };
}

/**
 * Records a change to `path`: a file first written is created; one first edited, modified; one
 * removed, deleted (also when the session created it: the next agent should know it is gone). A
 * file in a scratch folder (`inScratchFolder`) is none of the work's.
 */
export function touch(
  s: SessionRecord,
  path: string,
  how: 'written' | 'edited' | 'deleted',
  step = s.steps,
): void {
  // A scratch script or a log in /tmp is how the work got done, not the work.
  if (inScratchFolder(path, s.cwd)) return;
  const before = s.files.get(path);
  s.fileSteps.set(path, Math.max(step, s.fileSteps.get(path) ?? 0));
  if (how === 'deleted') s.files.set(path, 'deleted');
  else if (before === undefined) s.files.set(path, how === 'written' ? 'created' : 'modified');
  else if (before === 'deleted') s.files.set(path, 'modified');
}

/**
 * A request of the person's (already read by `requestText`): kept in order, its paths noted, and
 * the session waits for the agent's answer. "continue" asks for nothing new, so it does not move
 * where the newest request stands. One handed to the turn under way (`during`: typed while the
 * agent worked) joins that turn; any other starts one.
 */
export function noteRequest(s: SessionRecord, request: string, during = false): void {
  if (!s.unanswered) s.unansweredFrom = s.requests.length;
  // Words of the agent's since the last request that end in a question: this may be its answer.
  const asked =
    !s.unanswered && s.lastAssistant !== undefined ? sentencesOf(s.lastAssistant).at(-1) : undefined;
  if (asked !== undefined && /[?？]\s*$/.test(asked))
    s.askedBefore = { request: s.requests.length, question: asked };
  if (!isAck(request)) {
    newThread(s);
    // A message handed to the turn under way joins it; any other starts a turn.
    if (s.turn === undefined || !during) s.turn = { from: s.requests.length, step: s.steps };
    s.requestsAt.push(s.stats.lines);
  }
  s.requests.push(request);
  s.lastRequestAt = s.stats.lines;
  s.unanswered = true;
  notePaths(s, request, 'person');
}

// The agent saying failures were there before its work, in the languages the sessions show.
const OLDER_FAILURES = new RegExp(
  [
    String.raw`\bpre-?existing\b|\balready (?:failing|broken|failed)\b|\bexisted before\b`,
    String.raw`\b(?:unrelated|not related) to (?:my|our|the|this|these) (?:change|work|edit|fix)`,
    String.raw`\bnot (?:caused|introduced) by (?:my|our|the|this|these)\b`,
    String.raw`bereits (?:vorher |zuvor )?(?:vorhanden|bestehend)|nicht durch (?:meine|unsere) Änderung`,
    '之前就(?:存在|有)|原有的?(?:错误|问题)|与(?:本次|这次|我的)(?:修改|改动)无关|既存の(?:エラー|問題)',
  ].join('|'),
  'i',
);

const saidMore = new WeakMap<SessionRecord, string>();

/**
 * The agent's own words (non-empty): its last message, and where and at which step it said it;
 * and when it says failures were older than its work.
 */
export function noteAgentWords(s: SessionRecord, text: string): void {
  if (OLDER_FAILURES.test(text)) s.olderFailuresAt = s.steps;
  noteFindings(s, text);
  // What the agent said last that had more in it stays beside words that only react.
  const reacts = isInterjection(text);
  if (!reacts) saidMore.set(s, text);
  s.lastSaidMore = reacts ? saidMore.get(s) : undefined;
  s.lastAssistant = text;
  s.lastAssistantStep = s.steps;
  s.lastAssistantAt = s.stats.lines;
  s.unanswered = false;
}

/** The host's task list as it now stands, and where it last changed. */
export function noteTasks(s: SessionRecord, tasks: TaskItem[]): void {
  const before = new Map(s.tasks.map((t) => [t.text, t]));
  s.tasks = tasks.map((t) => {
    const was = before.get(t.text);
    return { ...t, since: was?.status === t.status ? (was.since ?? s.steps) : s.steps };
  });
  s.tasksAt = s.stats.lines;
}

/** A commit the session made, and where. */
function noteCommit(s: SessionRecord, subject: string): void {
  s.commits.push(subject);
  s.commitsAt.push(s.stats.lines);
}

// What git prints when a commit fails for want of changes: nothing is left uncommitted.
const NOTHING_TO_COMMIT = /nothing (?:added )?to commit|no changes added to commit/i;
// What a refusing commit hook's run shows (pre-commit, commit-msg, husky, lefthook, the pre-commit framework).
const HOOK = /pre-commit|commit-msg|\bhook\b|husky|lefthook/i;

/**
 * The folder a command moved to (`cd /tmp/try`), in full, when it is outside the repository: a
 * scratch repository's commits and files are how the agent tried something, not the work.
 */
function outsideFolder(folder: string | undefined, root: string | undefined): string | undefined {
  if (folder === undefined || root === undefined) return undefined;
  const place = fromHome(folder, root);
  return place !== undefined && isAbsolutePath(place) && isAbsolutePath(relativePath(place, root))
    ? place
    : undefined;
}

/** `~/x` or `$HOME/x` in the home folder the repository's own path shows (`/Users/alex`), if it shows one. */
function fromHome(folder: string, root: string): string | undefined {
  const rest = /^(?:~|\$HOME|\$\{HOME\})(?=[\\/]|$)(.*)$/.exec(folder)?.[1];
  if (rest === undefined) return folder;
  const home = /^(\/(?:Users|home)\/[^/]+|[A-Za-z]:\\Users\\[^\\]+)/.exec(root)?.[1];
  return home === undefined ? undefined : `${home}${rest}`;
}

/**
 * The files a shell command wrote or deleted, where it wrote them: relative to the folder it moved
 * to when that is outside the repository, so that they are listed as outside (or left out, in a
 * scratch folder) and not as the repository's.
 */
export function shellChanges(
  command: string,
  root: string | undefined,
): { written: string[]; deleted: string[] } {
  const changes = shellFileChanges(command);
  const folder = outsideFolder(workFolder(command), root);
  if (folder === undefined) return changes;
  const place = (p: string) => (isAbsolutePath(p) ? p : resolvedUnder(folder, p));
  return { written: changes.written.map(place), deleted: changes.deleted.map(place) };
}

/**
 * A `git commit` that ended (`ok` known), with what it printed: a commit made, or a commit
 * refused (a hook, a conflict), which leaves the work uncommitted until a later commit is made.
 */
export function noteCommitRun(s: SessionRecord, run: CommandRun, output: string): void {
  const subject = run.ok === undefined ? undefined : commitSubject(run.command);
  if (subject === undefined || outsideFolder(workFolder(run.command), s.cwd) !== undefined) return;
  if (run.ok) {
    noteCommit(s, subject);
    s.commitRefused = undefined;
  } else if (!NOTHING_TO_COMMIT.test(output)) {
    s.commitRefused = { seq: run.seq, hook: HOOK.test(output) };
  }
}
