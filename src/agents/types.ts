/** The one interface every agent implements: a dispatch in, a reply out. */

/** One call of an agent: one context window of one stage of one task. */
export interface AgentCall {
  /** The dispatch text the agent starts from. */
  dispatch: string;
  /** Where the dispatch was written (also given to command agents as BATON_DISPATCH_FILE). */
  dispatchFile: string;
  task: string;
  stage: string;
  window: number;
  attempt: number;
  /** The governance role the agent is started in (BATON_ROLE, `child` for engine-spawned agents); set by the engine, never by a payload. */
  role: string;
  runDir: string;
  /** The task's `Files in scope` (empty or absent: the whole repository); a remote builder's patch must keep to them. */
  filesInScope?: readonly string[];
  /** The repository root: where the agent works. */
  cwd: string;
  timeoutMs: number;
  /** Aborted when the run is interrupted (Ctrl-C, SIGTERM): the agent ends and answers at once. */
  signal?: AbortSignal;
  /** The run the call belongs to, for the records of agents elsewhere (a remote builder's task). */
  runId?: string;
  /** Told of what happened on the way that the run should record (a pool moving the call on). */
  report?: (note: AgentNote) => void;
}

/** Why an agent did not take the work at all (as opposed to doing it and failing). */
export type Unavailable = 'refused' | 'timeout' | 'unreachable';

/** Something an agent tells the run about a call while it makes it. */
export interface AgentNote {
  kind: 'failover';
  /** The member that did not take the call, and why. */
  from: string;
  cause: Unavailable;
  reason: string;
  /** The member the call moves to, when one is left. */
  to?: string;
}

/** Tokens an agent reported using, when it reports them. */
export interface AgentUsage {
  promptTokens?: number;
  completionTokens?: number;
}

/** What an agent answered, or why it could not. */
export interface AgentReply {
  text: string;
  /** False when the agent failed to run: non-zero exit, timeout, too much output, not startable. */
  ok: boolean;
  /** One line saying why, when not ok. */
  error?: string;
  exitCode?: number | null;
  /** The last lines the agent wrote on stderr. */
  stderrTail?: string;
  usage?: AgentUsage;
  durationMs: number;
  /**
   * Set when the agent never took the work (it refused it, did not answer in time, or could not be
   * reached): a pool moves the call to another member.
   */
  unavailable?: Unavailable;
  /** Where the work was done, when not by a process on this machine: a pool member, a remote URL. */
  builtBy?: string;
  /** The remote's own id of the task it did the work under (an A2A task id). */
  remoteTask?: string;
}

/** The context budget of the model behind an agent, when it is known (endpoints.yaml). */
export interface AgentBudget {
  /** The model's context window in tokens; without it no budget is enforced. */
  maxContext?: number;
  /** How to count tokens for this model. */
  tokenizer: 'o200k_base' | 'cl100k_base' | 'chars/4';
}

/** An agent baton can dispatch to. */
export interface Agent {
  /** How the agent was specified, for records (`node build.js`, `scripted:replies/`). */
  name: string;
  /** The budget of the model behind it, when the agent is a named endpoint. */
  budget?: AgentBudget;
  call(call: AgentCall): Promise<AgentReply>;
}
