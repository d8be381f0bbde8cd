/**
 * The A2A executor: translates one incoming message into baton calls and the task events the
 * SDK stores and answers with. A handoff is verified and archived by `receiveHandoff` (archive/); a dispatch
 * is built by `runDispatch`; the executor itself decides nothing the library has not.
 */

import { TaskNotCancelableError } from '@a2a-js/sdk/errors';
import {
  AgentEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import type { Agent } from '../../agents/types.js';
import { receiveHandoff } from '../../archive/index.js';
import type { Finding } from '../../handoff/finding.js';
import { GitAnswers } from '../../provenance/index.js';
import type { Store } from '../../store/types.js';
import { EXIT_CODES } from '../../validate/report.js';
import { artifact, dataPart, TaskState, taskIn, textPart } from './_tasks.js';
import { turns } from './_turns.js';
import { runDispatch } from './builder.js';
import { runHandoffAgent } from './handoff-agent.js';
import { readMessage } from './parts.js';

/** What the executor works with. */
export interface ExecutorOptions {
  root: string;
  store: Store;
  /** With `--agent`: the agent that does the work of an accepted handoff, and remote dispatches. */
  agent?: Agent;
  /** Test hook for the durable order (BATON_A2A_FAULT=after-archive): dies after archiving. */
  afterArchive?: () => void;
}

/** The executor of `baton serve a2a`. */
export function handoffExecutor(options: ExecutorOptions): AgentExecutor {
  // One capture of this checkout for the handoffs that arrive while it holds, asked for off the
  // event loop: a burst of senders is verified at once, not one git process after the other.
  const gitAnswers = new GitAnswers();
  const inTurn = turns();
  return {
    async execute(context: RequestContext, bus: ExecutionEventBus) {
      // Handoffs that queue behind others take the capture checked after they came in.
      const answers = gitAnswers.asOf(performance.now());
      const message = context.userMessage;
      const ids = { taskId: context.taskId, contextId: context.contextId, history: [message] };
      const intent = readMessage(message);
      if (intent.kind === 'refused') {
        const { finding } = intent;
        const meta = { verdict: finding.verdict, exit_code: EXIT_CODES.INVALID, findings: [finding] };
        bus.publish(
          AgentEvent.task(
            taskIn(TaskState.TASK_STATE_REJECTED, ids, [textPart(`REJECTED: ${finding.message}`)], meta),
          ),
        );
        bus.finished();
        return;
      }
      if (intent.kind === 'dispatch') {
        await runDispatch(intent.dispatch, { ...options, ids, sender: intent.sender, bus, gitAnswers });
        return;
      }
      const result = await inTurn(() =>
        receiveHandoff(intent.text, {
          root: options.root,
          store: options.store,
          sender: intent.sender,
          taskId: context.taskId,
          gitAnswers: answers,
          ...(options.afterArchive ? { afterArchive: options.afterArchive } : {}),
        }),
      );
      const lines = findingLines(result.findings);
      const meta: Record<string, unknown> = {
        verdict: result.verdict,
        exit_code: result.exitCode,
        findings: result.findings,
        sender: intent.sender,
      };
      if (!result.accepted) {
        const text = [
          `REJECTED: the handoff is ${result.verdict} (exit ${result.exitCode})`,
          ...lines.map((l) => `- ${l}`),
        ];
        bus.publish(
          AgentEvent.task(taskIn(TaskState.TASK_STATE_REJECTED, ids, [textPart(text.join('\n'))], meta)),
        );
        bus.finished();
        return;
      }
      meta.handoff_id = result.handoffId;
      const head = `ACCEPTED: the handoff is ${result.verdict}; archived as ${result.handoffId}`;
      const artifacts = result.brief
        ? [
            artifact('resume-brief', 'STALE: re-verify these claims before building on them', [
              textPart(result.brief),
            ]),
          ]
        : [];
      const status = [textPart([head, ...lines.map((l) => `- ${l}`)].join('\n')), dataPart(meta)];
      bus.publish(AgentEvent.task(taskIn(TaskState.TASK_STATE_WORKING, ids, status, meta, artifacts)));
      if (options.agent)
        await runHandoffAgent(options.agent, result.dispatch, { ...options, ids, bus, meta });
      bus.finished();
    },
    // An accepted handoff is the receiver's: giving it back is a new handoff, not a cancel.
    async cancelTask(taskId: string) {
      throw new TaskNotCancelableError(
        `task ${taskId} cannot be canceled: send a new handoff to give the work back`,
      );
    },
  };
}

// One line per finding, for a status message: `VERDICT code: message`.
function findingLines(findings: readonly Finding[]): string[] {
  return findings.map((f) => {
    const where = f.line ? ` (line ${f.line})` : '';
    const field = f.field ? ` ${f.field}: saved ${f.saved ?? '(none)'}, now ${f.current ?? '(none)'};` : '';
    return `${f.verdict} ${f.code}${where}:${field} ${f.message}`;
  });
}
