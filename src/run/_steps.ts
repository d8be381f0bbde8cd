/**
 * The three steps a reply can call for, each returning the stage's next dispatch or its outcome:
 * a result ends the stage; a handoff continues in a fresh window within the guardrails (no vague
 * work, scope may only shrink, at most `maxRespawns` continuations); a malformed reply gets one
 * corrective re-dispatch that says exactly what was wrong.
 */
import type { DispatchXml } from '../formats/pipeline-xml/index.js';
import type { RunEventPayloads } from '../run-events.js';
import { accumulate, continuationDispatch } from '../window/continuation.js';
import { at, done, end, type Next, type StageOutcome, type StageRun, withNotice } from './_stage-common.js';
import { sameRemaining, scopeViolations, vagueSubSpecs } from './guardrails.js';
import { workDir } from './isolation.js';
import type { HandoffReply, Malformed, StageResult } from './reply.js';

/** The fields of the `reply` event that every step records (all but its verdict and reason). */
export type ReplyFields = Omit<RunEventPayloads['reply'], 'verdict' | 'reason'>;

/** A result: the stage ends with its verdict. */
export function resultStep(s: StageRun, result: StageResult, reply: ReplyFields): Next {
  s.ctx.log.append({ event: 'reply', ...reply, verdict: result.verdict });
  const outcome: StageOutcome = { verdict: result.verdict, handoff: result.handoff, result };
  if (result.verdict === 'FAIL')
    outcome.reason = `${s.stage} reported FAIL: ${firstLine(result.handoff.what)}`;
  return done(outcome);
}

/** A handoff: a corrective retry when vague, a refusal when it widens the scope, else a continuation. */
export function handoffStep(
  s: StageRun,
  reply: HandoffReply,
  current: DispatchXml,
  fields: ReplyFields,
): Next {
  const { ctx, task, w } = s;
  ctx.log.append({ event: 'reply', ...fields, verdict: 'HANDOFF' });
  const h = reply.handoff;
  const vague = vagueSubSpecs(h.remaining);
  if (vague.length > 0) return vagueStep(s, vague, current);
  const outside = scopeViolations(h.remaining, task, workDir(ctx, task.id));
  if (outside.length > 0) {
    ctx.log.append({ event: 'handoff-scope-refused', ...at(s), paths: outside, scope: task.filesInScope });
    return done(
      end(
        s,
        'NEEDS-PLANNING',
        `the handoff widens the task's scope (${task.filesInScope.join(', ')}) to ${outside.join(', ')}: scope may only shrink, so the planner decides`,
      ),
    );
  }
  ctx.log.append({
    event: 'handoff',
    ...at(s),
    remaining: h.remaining.length,
    remaining_titles: h.remaining.map((x) => x.title),
    tokens: fields.tokens,
    unchanged: w.remaining !== undefined && sameRemaining(w.remaining, h.remaining),
    format: reply.format,
  });
  const cap = ctx.options.maxRespawns ?? 2;
  if (w.respawns >= cap) {
    ctx.log.append({ event: 'handoff-cap-reached', ...at(s), respawns: w.respawns, cap });
    return done(
      end(
        s,
        'NEEDS-PLANNING',
        cap === 0
          ? 'the task handed off, and continuations are disabled (--max-respawns 0): it needs splitting'
          : `the task still had work after ${cap} continuation window(s): it needs splitting, not another window`,
      ),
    );
  }
  w.respawns++;
  w.carried = accumulate(w.carried, h);
  w.remaining = h.remaining;
  w.window++;
  w.continuation = true;
  return { next: 'dispatch', dispatch: continuationDispatch(s.first, w.carried, h.remaining, w.window) };
}

// A handoff whose remaining work lacks Verify by: one corrective retry, then an escalation.
function vagueStep(s: StageRun, vague: string[], current: DispatchXml): Next {
  const escalated = s.w.vagueRetries >= 1;
  s.ctx.log.append({ event: 'handoff-vague', ...at(s), items: vague, escalated });
  if (escalated) {
    return done(
      end(
        s,
        'ESCALATE',
        `the handoff stayed vague after a corrective retry: no Verify by for ${quote(vague)}`,
      ),
    );
  }
  s.w.vagueRetries++;
  s.w.window++;
  return {
    next: 'dispatch',
    dispatch: withNotice(
      current,
      'correction',
      `Your handoff cannot be dispatched: every remaining sub-spec needs a \`- Verify by: \\\`<command>\\\`\` line, and ${quote(vague)} ${vague.length === 1 ? 'has' : 'have'} none. Reply again with the same handoff, each sub-spec saying how it is verified.`,
    ),
  };
}

/** A malformed reply: a corrective re-dispatch, or a failed stage once the corrections are used up. */
export function malformedStep(
  s: StageRun,
  reply: Malformed,
  current: DispatchXml,
  fields: ReplyFields,
): Next {
  const { ctx, w } = s;
  ctx.log.append({ event: 'reply', ...fields, verdict: 'MALFORMED', reason: reply.message });
  if (w.corrections >= (ctx.options.maxCorrections ?? 1)) {
    return done(end(s, 'FAIL', `malformed reply after ${w.corrections} correction(s): ${reply.message}`));
  }
  w.corrections++;
  w.window++;
  ctx.log.append({ event: 'correction', ...at(s), reason: reply.message });
  return {
    next: 'dispatch',
    dispatch: withNotice(
      current,
      'correction',
      `Your last reply could not be used: ${reply.message}. Reply again, in the format the task asks for.`,
    ),
  };
}

function quote(items: readonly string[]): string {
  return items.map((i) => `"${i}"`).join(', ');
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
