/**
 * The SDK's request handler with the one answer baton gives differently: a task is never
 * cancelled. An accepted handoff (WORKING) is the receiver's, and giving it back is a new
 * handoff (docs/a2a.md); the SDK cancelled an accepted task whose executor had returned by
 * writing CANCELED itself, past the executor's refusal (issue 20 item 10).
 */
import type { CancelTaskRequest, Task } from '@a2a-js/sdk';
import { TaskNotCancelableError } from '@a2a-js/sdk/errors';
import { DefaultRequestHandler, type ServerCallContext } from '@a2a-js/sdk/server';

/** `DefaultRequestHandler`, refusing CancelTask for every task it has (not found stays not found). */
export class HandoffRequestHandler extends DefaultRequestHandler {
  override async cancelTask(params: CancelTaskRequest, context: ServerCallContext): Promise<Task> {
    const task = await this.getTask({ tenant: params.tenant, id: params.id, historyLength: 0 }, context);
    throw new TaskNotCancelableError(
      `task ${task.id} cannot be canceled: send a new handoff to give the work back`,
    );
  }
}
