/**
 * `--agent` on an accepted handoff: the agent (any kind `baton run` takes) works from the
 * handoff's resume brief in this checkout, and the task ends COMPLETED or FAILED with the reply.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '@a2a-js/sdk';
import { AgentEvent, type ExecutionEventBus } from '@a2a-js/sdk/server';
import type { Agent } from '../../agents/types.js';
import { agentMessage, artifact, TaskState, textPart } from './_tasks.js';

/** Where one task's agent runs and what it publishes to. */
export interface HandoffAgentContext {
  root: string;
  ids: { taskId: string; contextId: string; history: Message[] };
  bus: ExecutionEventBus;
  meta: Record<string, unknown>;
}

/** Runs `agent` on `dispatch` and publishes its reply and the final state. */
export async function runHandoffAgent(
  agent: Agent,
  dispatch: string,
  ctx: HandoffAgentContext,
): Promise<void> {
  const runDir = join(ctx.root, '.baton', 'a2a', ctx.ids.taskId);
  mkdirSync(runDir, { recursive: true });
  const dispatchFile = join(runDir, 'dispatch.md');
  writeFileSync(dispatchFile, dispatch);
  const reply = await agent.call({
    dispatch,
    dispatchFile,
    task: 'A2A',
    stage: 'builder',
    window: 1,
    attempt: 1,
    role: 'child',
    runDir,
    cwd: ctx.root,
    timeoutMs: 600_000,
  });
  finish(ctx, reply.ok, reply.text, reply.error);
}

/** Publishes the reply as an artifact and the final status (COMPLETED, or FAILED with why). */
export function finish(
  ctx: Pick<HandoffAgentContext, 'ids' | 'bus' | 'meta'>,
  ok: boolean,
  text: string,
  error?: string,
  extra: ReturnType<typeof artifact>[] = [],
): void {
  const { taskId, contextId } = ctx.ids;
  for (const a of [artifact('reply', 'the agent’s reply', [textPart(text, 'text/plain')]), ...extra]) {
    ctx.bus.publish(
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: a,
        append: false,
        lastChunk: true,
        metadata: {},
      }),
    );
  }
  const state = ok ? TaskState.TASK_STATE_COMPLETED : TaskState.TASK_STATE_FAILED;
  const line = ok ? 'COMPLETED: the agent replied' : `FAILED: ${error ?? 'the agent failed'}`;
  ctx.bus.publish(
    AgentEvent.statusUpdate({
      taskId,
      contextId,
      status: {
        state,
        message: agentMessage(taskId, contextId, [textPart(line)]),
        timestamp: new Date().toISOString(),
      },
      metadata: ctx.meta,
    }),
  );
}
