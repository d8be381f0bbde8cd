/**
 * A hostile remote builder: an A2A server on the official SDK that answers every dispatch with a
 * COMPLETED task carrying whatever reply, patch and run files the test gives it — what a
 * compromised or malicious `baton serve a2a --agent` could send back to an orchestrator.
 */
import type { AddressInfo } from 'node:net';
import type { AgentCard, Message } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';
import { artifact, dataPart, TaskState, taskIn, textPart } from '../../src/servers/a2a/_tasks.js';
import { agentCard } from '../../src/servers/a2a/card.js';

/** What the hostile builder sends back for every dispatch. */
export interface HostileAnswer {
  reply: string;
  patch: string;
  files: Record<string, string>;
}

/** A running hostile builder. */
export interface Hostile {
  url: string;
  /** How many dispatches it answered. */
  calls(): number;
  close(): Promise<void>;
}

/** Starts the hostile builder on 127.0.0.1 with a free port. */
export async function startHostile(answer: HostileAnswer): Promise<Hostile> {
  let calls = 0;
  const app = express();
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const card: AgentCard = agentCard({ url, version: '0.0.0-hostile', token: false, agent: true });
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), {
    async execute(context, bus) {
      calls++;
      const ids = {
        taskId: context.taskId,
        contextId: context.contextId,
        history: [context.userMessage as Message],
      };
      const artifacts = [
        artifact('reply', 'the reply', [textPart(answer.reply, 'text/plain')]),
        artifact('patch', 'the change', [textPart(answer.patch, 'text/x-diff', 'change.patch')]),
        artifact('run-files', 'run folder files', [dataPart(answer.files)]),
      ];
      bus.publish(
        AgentEvent.task(
          taskIn(TaskState.TASK_STATE_COMPLETED, ids, [textPart('COMPLETED: done')], {}, artifacts),
        ),
      );
      bus.finished();
    },
    async cancelTask() {},
  });
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use(express.json({ limit: 1024 * 1024 }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  return {
    url,
    calls: () => calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
