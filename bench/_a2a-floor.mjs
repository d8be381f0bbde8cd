// The A2A floor of bench/servers.mjs: an agent on the same SDK, transport and express as `baton
// serve a2a`, that accepts every message unverified (a WORKING task at once, kept in the SDK's
// in-memory task store). Prints `listening on <url>` once it listens.
import { randomUUID } from 'node:crypto';
import { Role, TaskState } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';

const app = express();
const server = app.listen(0, '127.0.0.1', 4096, () => {
  const url = `http://127.0.0.1:${server.address().port}/`;
  const card = {
    name: 'floor',
    description: 'accepts every message',
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
    version: '1',
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/markdown'],
    defaultOutputModes: ['text/markdown'],
    skills: [],
    signatures: [],
  };
  const executor = {
    async execute(context, bus) {
      const message = {
        messageId: randomUUID(),
        contextId: context.contextId,
        taskId: context.taskId,
        role: Role.ROLE_AGENT,
        parts: [
          {
            content: { $case: 'text', value: 'ACCEPTED' },
            mediaType: 'text/plain',
            filename: '',
            metadata: {},
          },
        ],
        metadata: {},
        extensions: [],
        referenceTaskIds: [],
      };
      bus.publish(
        AgentEvent.task({
          id: context.taskId,
          contextId: context.contextId,
          status: { state: TaskState.TASK_STATE_WORKING, message, timestamp: new Date().toISOString() },
          artifacts: [],
          history: [context.userMessage],
          metadata: { verdict: 'VALID' },
        }),
      );
      bus.finished();
    },
    async cancelTask() {},
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use(express.json({ limit: 1024 * 1024 }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  console.log(`listening on ${url}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
