/** The shapes of the pipeline XML format (seed 000): context handoffs, dispatches and task results. */

/** How much of a handoff a dispatch carries: FULL (all four fields) or SUMMARY (`<what>` only). */
export type DetailLevel = 'FULL' | 'SUMMARY';

/** One <context-handoff> element (seed 000). */
export interface ContextHandoffXml {
  from: string;
  task?: string;
  detail: DetailLevel;
  what: string;
  why?: string;
  caution?: string;
  incomplete?: string;
}

/** A <dispatch> (seed 000): to a stage, for a task, carrying the task spec and handoffs. */
export interface DispatchXml {
  to: string;
  task?: string;
  spec?: string;
  handoffs: ContextHandoffXml[];
  previousResults?: ContextHandoffXml[];
  notices?: { name: string; text: string }[];
}

/** A <task-result> reply: the seed-000 short form and the full result schema. */
export interface TaskResultXml {
  status: 'PASS' | 'FAIL';
  work?: string;
  task?: string;
  agent?: string;
  summary?: string;
  filesChanged: { action: 'created' | 'modified' | 'deleted'; path: string }[];
  verification: { name: string; status: 'PASS' | 'FAIL' | 'N/A' }[];
  notes?: string;
  handoffs: ContextHandoffXml[];
}

/** Why a reply holds no usable <task-result>. */
export type TaskResultFailure = {
  ok: false;
  reason: 'missing' | 'malformed' | 'invalid';
  message: string;
  line?: number;
  column?: number;
};

/** The outcome of `parseTaskResult`. */
export type TaskResultParse = { ok: true; result: TaskResultXml } | TaskResultFailure;
