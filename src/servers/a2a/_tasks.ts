/** Builders of the SDK's task objects, so that the executor reads as what it decides. */
import { randomUUID } from 'node:crypto';
import { type Artifact, type Message, type Part, Role, type Task, TaskState } from '@a2a-js/sdk';

export { dataPart, textPart } from '../../a2a/parts.js';

/** An agent message of a task. */
export function agentMessage(taskId: string, contextId: string, parts: Part[]): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: {},
    extensions: [],
    referenceTaskIds: [],
  };
}

/** A task in `state`, its status message made of `parts`. */
export function taskIn(
  state: TaskState,
  ids: { taskId: string; contextId: string; history: Message[] },
  parts: Part[],
  metadata: Record<string, unknown>,
  artifacts: Artifact[] = [],
): Task {
  return {
    id: ids.taskId,
    contextId: ids.contextId,
    status: {
      state,
      message: agentMessage(ids.taskId, ids.contextId, parts),
      timestamp: new Date().toISOString(),
    },
    artifacts,
    history: ids.history,
    metadata,
  };
}

/** An artifact. */
export function artifact(name: string, description: string, parts: Part[]): Artifact {
  return { artifactId: randomUUID(), name, description, parts, metadata: {}, extensions: [] };
}

export { TaskState };
