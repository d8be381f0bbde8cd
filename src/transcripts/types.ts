/** The model a transcript reader builds: what a session did, without any tool output. */

/** The hosts whose session logs baton reads. */
export type TranscriptKind = 'claude-code' | 'codex';

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
}

/** One item of the host's own task list (`TodoWrite`, the task tools, Codex `update_plan`). */
export interface TaskItem {
  text: string;
  status: 'pending' | 'in_progress' | 'completed';
}

/** Everything a reader kept from a session. */
export interface SessionRecord {
  kind: TranscriptKind;
  sessionId?: string;
  /** The working directory the host recorded (the repository root when none is given). */
  cwd?: string;
  /** The person's requests, in order, verbatim (wrappers, meta records and tool results left out). */
  requests: string[];
  /** Every file written, edited or deleted, in the order first touched (paths as the host wrote them). */
  files: Map<string, FileChangeKind>;
  /** Every shell command, in order. */
  commands: CommandRun[];
  /** The latest task list. */
  tasks: TaskItem[];
  /** Subjects of the commits the session made (first line of each message). */
  commits: string[];
  /** The last thing the assistant said in text. */
  lastAssistant?: string;
  /** The host's own compaction summaries (kept for comparison only; never copied into a handoff). */
  compactSummaries: string[];
  /** How many times the host compacted the session. */
  compactions: number;
  /** Subagents the session started (Claude Code `Task`/`Agent` calls) and how many of their logs were read. */
  subagents?: { started: number; read: number };
  /** Lines read, records that were not JSON, and records of types the reader does not know. */
  stats: { lines: number; malformed: number; unknown: number };
}
