/**
 * A stage's token budget (seed 004): the dispatch is counted for the agent's model; over its
 * window it is not sent; at or over the threshold it carries a BUDGET NOTICE; a continuation
 * already over the threshold cannot help, the task needs splitting.
 */

import type { DispatchXml } from '../formats/pipeline-xml/index.js';
import { budgetNotice } from '../window/continuation.js';
import { at, end, renderFor, type StageOutcome, type StageRun, withNotice } from './_stage-common.js';

/** A dispatch that may be sent: its text and its tokens for the agent's model. */
export interface Budgeted {
  text: string;
  tokens: number;
}

/** The dispatch to send, or the outcome when the budget stops it. */
export function withBudget(s: StageRun, d: DispatchXml): Budgeted | { outcome: StageOutcome } {
  const { ctx, agent, counter } = s;
  let text = renderFor(ctx, d);
  let tokens = counter.count(text);
  const max = agent.budget?.maxContext;
  if (!max) return { text, tokens };
  const threshold = ctx.options.handoffThreshold ?? 0.8;
  if (tokens >= threshold * max) {
    if (s.w.continuation) {
      ctx.log.append({
        event: 'handoff-cap-reached',
        ...at(s),
        tokens,
        max_context: max,
        reason: 'continuation over the threshold',
      });
      return {
        outcome: end(
          s,
          'NEEDS-PLANNING',
          `the continuation alone is ${tokens} tokens, over ${Math.round(threshold * 100)}% of the ${max}-token window: the task needs splitting`,
        ),
      };
    }
    text = renderFor(ctx, withNotice(d, 'budget-notice', budgetNotice(tokens, max, agent.name)));
    const before = tokens;
    tokens = counter.count(text);
    ctx.log.append({
      event: 'budget-notice',
      ...at(s),
      tokens: before,
      with_notice: tokens,
      max_context: max,
      threshold,
    });
  }
  if (tokens > max) {
    ctx.log.append({ event: 'failed-budget', ...at(s), tokens, max_context: max });
    return {
      outcome: end(
        s,
        'FAIL',
        `failed-budget: the dispatch is ${tokens} tokens, over the ${max}-token window of ${agent.name}; it was not sent`,
      ),
    };
  }
  return { text, tokens };
}
