/** What the steps of a stage share: the stage's state, where its events happen, how it ends. */
import type { Agent } from '../agents/types.js';
import type { ContextHandoffXml, DispatchXml } from '../formats/pipeline-xml/index.js';
import { renderDispatch } from '../formats/pipeline-xml/index.js';
import type { SubSpec } from '../handoff/types.js';
import type { PlanTask } from '../plan/types.js';
import type { TokenCounter } from '../tokens/count.js';
import type { Carried } from '../window/continuation.js';
import { renderDispatchMarkdown } from '../window/markdown.js';
import type { RunContext } from './context.js';
import type { StageResult } from './reply.js';

/** How a stage ended. */
export interface StageOutcome {
  /**
   * PASS or FAIL; ESCALATE when a handoff stayed vague after its corrective retry; NEEDS-PLANNING
   * when the work outgrew the task (scope widened, or more windows than allowed).
   */
  verdict: 'PASS' | 'FAIL' | 'ESCALATE' | 'NEEDS-PLANNING';
  handoff: ContextHandoffXml;
  reason?: string;
  result?: StageResult;
}

/** Where a stage starts: a resumed run continues its window numbering. */
export interface StageStart {
  window: number;
  corrections: number;
}

/** The window counters of a stage in progress. */
export interface Windows extends StageStart {
  vagueRetries: number;
  respawns: number;
  carried: Carried;
  remaining?: SubSpec[];
  continuation: boolean;
}

/** One stage in progress. */
export interface StageRun {
  ctx: RunContext;
  agent: Agent;
  stage: string;
  task: PlanTask;
  attempt: number;
  /** The stage's first dispatch: continuations restate it. */
  first: DispatchXml;
  /** Counts tokens for the agent's model. */
  counter: TokenCounter;
  w: Windows;
}

/** What a step returns: the next dispatch of the stage, or how the stage ended. */
export type Next = { next: 'dispatch'; dispatch: DispatchXml } | { next: 'done'; outcome: StageOutcome };

/** Where an event happened: the first fields of every event a stage logs. */
export function at(s: StageRun): { task: string; stage: string; attempt: number; window: number } {
  return { task: s.task.id, stage: s.stage, attempt: s.attempt, window: s.w.window };
}

/** The outcome of a stage that ended without a result of its own. */
export function end(s: StageRun, verdict: StageOutcome['verdict'], reason: string): StageOutcome {
  return {
    verdict,
    reason,
    handoff: { from: s.stage, task: s.task.id, detail: 'FULL', what: reason, incomplete: 'the whole stage' },
  };
}

/** The stage's outcome as a step's answer. */
export function done(outcome: StageOutcome): Next {
  return { next: 'done', outcome };
}

/** Renders a dispatch in the run's dispatch format. */
export function renderFor(ctx: RunContext, d: DispatchXml): string {
  return ctx.options.dispatchFormat === 'markdown' ? renderDispatchMarkdown(d) : `${renderDispatch(d)}\n`;
}

/** The dispatch with notice `name` set to `text` (replacing an earlier one of that name). */
export function withNotice(d: DispatchXml, name: string, text: string): DispatchXml {
  return { ...d, notices: [...(d.notices ?? []).filter((n) => n.name !== name), { name, text }] };
}
