/** What every part of a run shares: options, records, the event log and what is known so far. */
import type { Agent } from '../agents/types.js';
import type { ContextHandoffXml } from '../formats/pipeline-xml/index.js';
import type { Plan } from '../plan/types.js';
import type { NewRunEvent } from '../run-events.js';
import type { Store } from '../store/types.js';
import type { TokenCounter } from '../tokens/count.js';
import type { WindowSizes } from '../window/policy.js';
import type { EventListener, EventLog } from './events.js';
import type { RunPaths } from './records.js';
import type { StoreSink } from './store-sink.js';
import type { TaskTree } from './task-tree.js';

/** Options of a run. */
export interface RunOptions {
  /** The repository root. */
  root: string;
  plan: Plan;
  /** The plan as written, kept in the run's records. */
  planText: string;
  builder: Agent;
  /** A verifier agent; without one the built-in verifier runs the tasks' Verify by commands. */
  verifier?: Agent;
  /** Independent tasks run at once (default 1). */
  parallel?: number;
  /** Attempts per task: the first and the retries (default 3, as seed 000). */
  maxAttempts?: number;
  /** Corrective re-dispatches after a malformed reply, per stage and attempt (default 1). */
  maxCorrections?: number;
  /** Continuation windows after handoffs, per stage and attempt (default 2; 0 escalates the first handoff). */
  maxRespawns?: number;
  /** The share of an endpoint's max_context at which a BUDGET NOTICE is attached (default 0.8). */
  handoffThreshold?: number;
  /** Commands run after a task's builder finishes its last window; a failure fails the attempt. */
  verify?: string[];
  /** Per agent call (default 10 minutes). */
  timeoutMs?: number;
  /** Per Verify by command of the built-in verifier (default 5 minutes). */
  verifyTimeoutMs?: number;
  dispatchFormat?: 'xml' | 'markdown';
  /** Tokenizer for the dispatch token counts (default o200k_base). */
  tokenizer?: TokenCounter;
  /** Start even when the work tree has uncommitted changes (they are never committed). */
  allowDirty?: boolean;
  window?: WindowSizes;
  /** Told of every event as it is recorded (live progress). */
  listeners?: EventListener[];
  /** Where the run's events also go, as they happen (the JSONL log stays the run's own record). */
  store?: Store;
  /** Told once when the store fails mid-run (the run goes on; `--resume` catches the store up). */
  onStoreError?: (error: Error) => void;
  /**
   * Aborting interrupts the run: agents and commands in flight end, an `interrupted` event is
   * recorded, and the run ends with status `interrupted` (exit code 130). The reason names the signal.
   */
  signal?: AbortSignal;
}

/** The state of a run in progress. */
export interface RunContext {
  options: RunOptions;
  runId: string;
  paths: RunPaths;
  log: EventLog<NewRunEvent>;
  counter: TokenCounter;
  /** The builder handoff of each committed task, for later tasks' `<previous-results>`. */
  finals: Map<string, ContextHandoffXml>;
  /** Every handoff recorded so far, for the "forward everything" comparison. */
  allHandoffs: ContextHandoffXml[];
  /** Blob ids of files that were already changed when the run started (--allow-dirty). */
  dirtyAtStart: Map<string, string | undefined>;
  /** The work tree of each running task that has one of its own (`--parallel` N > 1). */
  trees: Map<string, TaskTree>;
  /** Serialises gate and commit: one task commits at a time. */
  commitLock: Promise<unknown>;
  halted: boolean;
  /** The signal that interrupted the run, once it was interrupted. */
  interrupted?: string;
  sink?: StoreSink;
}
