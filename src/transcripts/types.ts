/** The model a transcript reader builds: what a session did, without any tool output. */

/** The hosts whose session logs baton reads. */
export type TranscriptKind = 'claude-code' | 'codex';

/** Each host's name as a person writes it, for baton's own words about a session. */
export const HOST_NAMES: Record<TranscriptKind, string> = { 'claude-code': 'Claude Code', codex: 'Codex' };

/** What happened to a file in the session. */
export type FileChangeKind = 'created' | 'modified' | 'deleted';

/** One shell command the session ran, with its last known outcome. */
export interface CommandRun {
  /** The command, verbatim. */
  command: string;
  /** True when it exited 0, false when it failed, undefined when no result was recorded. */
  ok: boolean | undefined;
  /** The exit status, when the transcript records one. */
  exitCode?: number;
  /** Order in the session (0-based). */
  seq: number;
  /** The tool call it was (the session's step count when it ran). */
  step?: number;
  /** The folder it was started in, when the log records it. */
  cwd?: string;
  /**
   * What it showed as a check, read as a person reads it: after `| tail` or `|| echo` the status
   * is not the check's, so the runner's summary line decides, and without one it is unknown.
   */
  check?: CheckResult;
}

/** A check's run as read: passed, failed, or unknown, and baton's words for why. */
export interface CheckResult {
  passed: boolean | undefined;
  /** `exit 1`, `2 failed, 40 passed (vitest)`, `unknown: the status is that of \`tail\`…` */
  reading: string;
  /** The counts of the runner's summary line, when its output had one (the output itself is not kept). */
  counts?: RunnerCounts;
}

/** A test runner's pass/fail counts in its summary line. */
export interface RunnerCounts {
  runner: string;
  passed?: number;
  failed?: number;
}

/** Where the log named a path: who named it (the person, the agent, a tool's input or output). */
export type MentionSource =
  | 'person'
  | 'agent'
  | 'task'
  | 'plan'
  | 'read'
  | 'written'
  | 'command'
  | 'output'
  | 'error';

/** The latest times a path was named, each with how much it says about the work (newest last). */
export interface Mention {
  hits: { step: number; source: MentionSource; weight: number }[];
  /** The person pointed Claude Code at it (`@path` in a request): a path from the session's folder, even a bare name. */
  pointed?: true;
}

/** One item of the host's own task list (`TodoWrite`, the task tools, Codex `update_plan`). */
export interface TaskItem {
  text: string;
  status: 'pending' | 'in_progress' | 'completed';
  /** What the task says besides its title (a `TaskCreate` description): the files it names. */
  detail?: string;
  /** The step (`SessionRecord.steps`) at which it took its present status. */
  since?: number;
}

/** What the prompt a command expanded to says it is for. */
export interface CommandAim {
  /** Its first paragraph, on one line. */
  aim: string;
  /** True when the prompt states it as its objective (an `<objective>` block). */
  stated: boolean;
}

/** Everything a reader kept from a session. */
export interface SessionRecord {
  kind: TranscriptKind;
  sessionId?: string;
  /** The working directory the host recorded (the repository root when none is given). */
  cwd?: string;
  /** The person's requests, in order, verbatim (wrappers, meta records and tool results left out). */
  requests: string[];
  /** What the prompt of each command the person ran says it is for, by index in `requests`. */
  commandAims?: Map<number, CommandAim>;
  /** Every file written, edited or deleted, in the order first touched (paths as the host wrote them). */
  files: Map<string, FileChangeKind>;
  /** Every shell command, in order. */
  commands: CommandRun[];
  /** The latest task list. */
  tasks: TaskItem[];
  /** Subjects of the commits the session made (first line of each message). */
  commits: string[];
  /** Where (lines read) each of `commits` was made, in the same order. */
  commitsAt: number[];
  /**
   * The session's last `git commit` failed, with no commit made after it (not for "nothing to
   * commit"): its place among the commands, and whether a commit hook refused it.
   */
  commitRefused?: { seq: number; hook: boolean };
  /** The last thing the assistant said in text. */
  lastAssistant?: string;
  /** The agent's question the person's request (by index) came right after, when its words ended in one. */
  askedBefore?: { request: number; question: string };
  /** Sentences of the agent's words that state a cause or a finding, the newest last (a few). */
  findings: string[];
  /** The last thing it said that was more than an interjection ("Good.", "完美！"), when the last thing was one. */
  lastSaidMore?: string;
  /** The step (`steps`) at which it said it: tool calls after it came after those words. */
  lastAssistantStep?: number;
  /** The step at which the agent last said failures were older than its work ("pre-existing"). */
  olderFailuresAt?: number;
  /** Where (lines read) each request that asks for something was made (an acknowledgement is not one), in order. */
  requestsAt: number[];
  /** Where (lines read) the person's last message was, an acknowledgement ("yes") too. */
  lastRequestAt?: number;
  /**
   * The turn of the newest request: the request (by index in `requests`) that started it, a
   * message sent as a prompt, and the step then. What the person typed while the agent worked
   * (handed to the turn under way) joins that turn; a "go on" starts none.
   */
  turn?: { from: number; step: number };
  /** Where (lines read) the agent's last words and the last change of the task list were. */
  lastAssistantAt?: number;
  tasksAt?: number;
  /**
   * The person's last request came after everything the agent did: no word and no tool call of
   * the agent's answers it yet (a compaction on the person's message, words still queued).
   */
  unanswered?: boolean;
  /** While `unanswered`: the first of the person's requests nothing answered yet (several may be queued). */
  unansweredFrom?: number;
  /** The host's own compaction summaries (kept for comparison only; never copied into a handoff). */
  compactSummaries: string[];
  /** How many times the host compacted the session. */
  compactions: number;
  /** Tool calls read so far: the session's clock for steps. */
  steps: number;
  /** The main log's tool calls: steps after these are its subagents', whose order against it is unknown. */
  mainSteps?: number;
  /**
   * Files of `files` that only Claude Code's checkpoints show changed: no tool call of the log
   * wrote them (the call's record lost at a compaction, or a change the log does not hold).
   */
  unconfirmed?: Set<string>;
  /** The step of the latest change of each touched file. */
  fileSteps: Map<string, number>;
  /** Files the agent read (a read tool, or `cat`/`sed -n`/`head` of one path), with the step of the last read. */
  reads: Map<string, number>;
  /**
   * Values the session's own words and tool inputs show in a secret's place (a key's setting in a
   * file written, a password flag, a bearer token): left out of a handoff wherever it would copy
   * them, also where they stand alone (a key pasted with no name, later written as `"apiKey": …`).
   */
  secretValues?: Set<string>;
  /** Paths named anywhere in the log (requests, the agent's words, tool inputs and outputs); only the names are kept. */
  mentions: Map<string, Mention>;
  /**
   * Modules the code the agent read or wrote imports by a path without its extension (`from
   * "./api"`, `from "@/store/types"`), keyed by that path from the importing file's folder (an
   * alias of the source root as written): each names the one known file of that stem.
   */
  imports: Map<string, Mention>;
  /** The latest searches for a pattern (`grep -rn`, `rg`, `git grep`): the files each listed, in order, and when. */
  searches?: { step: number; paths: string[] }[];
  /** Subagents the session started (Claude Code `Task`/`Agent` calls) and how many of their logs were read. */
  subagents?: { started: number; read: number };
  /**
   * The log begins partway through a conversation: its first message answers one the file does not
   * hold (a session resumed into a new file, a log cut at its start), so what came before is unseen.
   */
  partial?: boolean;
  /** Lines read, records that were not JSON, and records of types the reader does not know. */
  stats: { lines: number; malformed: number; unknown: number };
}
