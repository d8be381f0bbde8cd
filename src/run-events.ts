/**
 * The run event log's contract: every event name the engine records and the payload each one
 * carries. A low module with no imports, so that the engine (run/), the store (store/) and the
 * readers of the log (the CLI, the viewer, A2A) share one definition. docs/run.md lists them.
 */

/** Where in a run an event happened: the first fields of every event a stage logs. */
export interface EventPlace {
  task: string;
  stage: string;
  attempt: number;
  window: number;
}

/** A stage's context handoff as the log records it (pipeline XML's `<context-handoff>` fields). */
export interface LoggedHandoff {
  from: string;
  task?: string;
  detail: string;
  what: string;
  why?: string;
  caution?: string;
  incomplete?: string;
}

/** The payload of each event, by name. */
export interface RunEventPayloads {
  'run-started': {
    run_id: string;
    plan: string;
    plan_path: string | null;
    /** sha256 of the plan text the run read (the plan file may be uncommitted). */
    plan_sha256?: string;
    head: string | undefined;
    tasks: string[];
    builder: string;
    verifier: string;
    parallel: number;
    max_attempts: number;
    dispatch_format: string;
    dirty_at_start: Record<string, string | undefined>;
    /** Who started the run: git's committer identity in the repository, else the system user. */
    started_by?: string;
    /** The machine the run (and every task not built elsewhere) runs on. */
    host?: string;
  };
  'run-resumed': { run_id: string; after_seq: number };
  'task-started': { task: string; title: string; start_commit: string | null };
  /** A task's own work tree was made (`--parallel` N > 1): its agents and checks run there. */
  worktree: { task: string; attempt: number; path: string; commit: string };
  /** A task's work tree is gone (the task committed, or a resumed run found it orphaned) or kept (the task failed). */
  'worktree-ended': {
    task: string;
    path: string;
    kept: boolean;
    reason: 'committed' | 'failed' | 'orphaned' | 'stale' | 'retried';
  };
  'attempt-started': { task: string; attempt: number };
  dispatch: EventPlace & {
    tokens: number;
    tokens_forward_all?: number;
    tokens_endpoint?: number;
    max_context?: number;
    file?: string;
  };
  reply: EventPlace & {
    verdict: 'PASS' | 'FAIL' | 'HANDOFF' | 'MALFORMED' | 'AGENT-FAILED';
    file: string;
    duration_ms: number;
    tokens?: number;
    reason?: string;
    usage?: { promptTokens?: number; completionTokens?: number };
    stderr_tail?: string | undefined;
    /** Where the work was done when not here: a pool member, a remote builder's URL. */
    built_by?: string;
    /** The remote's own id of the task it worked under (an A2A task). */
    remote_task?: string;
  };
  /** A pool member did not take a call (it refused, timed out or was unreachable); the call moved on. */
  failover: EventPlace & {
    from: string;
    cause: 'refused' | 'timeout' | 'unreachable';
    reason: string;
    to?: string;
  };
  correction: EventPlace & { reason: string };
  verify: {
    task: string;
    attempt: number;
    command: string;
    passed: boolean;
    exit_code: number | null;
    timed_out: boolean;
    duration_ms: number;
    tail: string;
    /** `run` for a `--verify` command; absent for the built-in verifier's Verify by. */
    scope?: 'run';
  };
  'stage-finished': {
    task: string;
    stage: string;
    attempt: number;
    verdict: 'PASS' | 'FAIL' | 'ESCALATE' | 'NEEDS-PLANNING';
    reason: string | undefined;
    handoff: LoggedHandoff;
  };
  gate: {
    task: string;
    attempt: number;
    pass: boolean;
    files?: { path: string; action: string }[];
    notes?: string[];
    reason?: string;
  };
  commit: {
    task: string;
    attempt: number;
    commit: string;
    files?: string[];
    recovered?: boolean;
    /** The commit made in the task's work tree that this one landed (`--parallel` N > 1). */
    tree_commit?: string;
    /** Paths a resumed run brought up to date in the work tree after a crash mid-landing. */
    synced?: string[];
  };
  'attempt-failed': { task: string; attempt: number; stage: string; reason: string };
  'task-finished': {
    task: string;
    status: 'committed' | 'failed' | 'needs-planning';
    attempts: number;
    commit?: string;
    handoff?: LoggedHandoff | undefined;
    reason?: string | undefined;
    escalated?: boolean;
    recovered?: boolean;
  };
  'run-halted': { task: string; reason: string };
  /** A halted task's uncommitted leftovers, set aside in a git stash (`stash` is its commit). */
  'leftovers-stashed': { task: string; stash: string; message: string; files: string[] };
  /** `--resume` picks a failed or needs-planning task up again, from HEAD. */
  'task-retried': { task: string; previous: string };
  handoff: EventPlace & {
    remaining: number;
    remaining_titles: string[];
    tokens: number | undefined;
    unchanged: boolean;
    format: 'anchor' | 'baton';
  };
  'budget-notice': EventPlace & {
    tokens: number;
    with_notice: number;
    max_context: number;
    threshold: number;
  };
  'failed-budget': EventPlace & { tokens: number; max_context: number };
  'handoff-vague': EventPlace & { items: string[]; escalated: boolean };
  'handoff-scope-refused': EventPlace & { paths: string[]; scope: string[] };
  'handoff-cap-reached': EventPlace & {
    respawns?: number;
    cap?: number;
    tokens?: number;
    max_context?: number;
    reason?: string;
  };
  /** SIGINT or SIGTERM reached `baton run`: the agents in flight are ended, the run stops. */
  interrupted: { signal: string };
  /** Agents a killed baton left running were ended before a resumed run went on. */
  'orphans-ended': { pids: number[]; stale_lock_pid?: number };
  'run-finished': { status: 'committed' | 'halted' | 'needs-planning' | 'interrupted'; exit_code: number };
}

/** The name of every event the run engine records. */
export type RunEventName = keyof RunEventPayloads;

/** Every `RunEventName`, for readers that check names at run time. */
export const RUN_EVENT_NAMES = [
  'run-started',
  'run-resumed',
  'task-started',
  'worktree',
  'worktree-ended',
  'attempt-started',
  'dispatch',
  'reply',
  'failover',
  'correction',
  'verify',
  'stage-finished',
  'gate',
  'commit',
  'attempt-failed',
  'task-finished',
  'run-halted',
  'leftovers-stashed',
  'task-retried',
  'handoff',
  'budget-notice',
  'failed-budget',
  'handoff-vague',
  'handoff-scope-refused',
  'handoff-cap-reached',
  'interrupted',
  'orphans-ended',
  'run-finished',
] as const satisfies readonly RunEventName[];

// Fails to compile when a name of the union is missing from the list.
const everyName: Record<Exclude<RunEventName, (typeof RUN_EVENT_NAMES)[number]>, never> = {};
void everyName;

/**
 * An event as the engine records it, before the log numbers it: its name and its payload. The
 * place fields are optional on every event, so a reader can ask any event for its task.
 */
export type RunEventOf<K extends RunEventName> = { event: K } & Partial<EventPlace> & RunEventPayloads[K];

/** Any event, before the log numbers it. */
export type NewRunEvent = { [K in RunEventName]: RunEventOf<K> }[RunEventName];

/**
 * One event of a run as recorded, the one `RunEvent` type: `seq` numbers a run's events from 1
 * without gaps; `time` is RFC 3339. The store keeps it as a `StoredRunEvent` row.
 */
export type RunEvent = NewRunEvent & { seq: number; time: string };

/** Narrows an event to the one named `name`, with its payload typed. */
export function isRunEvent<E extends { event: string }, K extends RunEventName>(
  e: E,
  name: K,
): e is Extract<E, { event: K }> {
  return e.event === name;
}
