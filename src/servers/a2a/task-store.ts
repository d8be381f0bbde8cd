/**
 * The SDK's `TaskStore` over baton's store (`src/store/a2a-tasks.ts`): every task the server
 * answers for is in SQLite or PostgreSQL, so a restarted server still answers GetTask.
 */
import { type ListTasksRequest, type ListTasksResponse, Task, taskStateToJSON } from '@a2a-js/sdk';
import type { TaskStore } from '@a2a-js/sdk/server';
import { toA2AError } from '../../a2a/errors.js';
import { getA2ATask, listA2ATasks, putA2ATask } from '../../store/a2a-tasks.js';
import type { Store } from '../../store/types.js';

/** A task store that keeps every task in `store`. */
export function storeTaskStore(store: Store): TaskStore {
  const inner: TaskStore = {
    async save(task) {
      const meta = (task.metadata ?? {}) as Record<string, unknown>;
      const record = {
        id: task.id,
        contextId: task.contextId,
        state: taskStateToJSON(task.status?.state ?? 0),
        task: Task.toJSON(task) as Record<string, unknown>,
        ...(typeof meta.sender === 'string' ? { sender: meta.sender } : {}),
        ...(typeof meta.handoff_id === 'string' ? { handoffId: meta.handoff_id } : {}),
        ...(typeof meta.run_id === 'string' ? { runId: meta.run_id } : {}),
      };
      await putA2ATask(store, record);
    },
    async load(taskId) {
      const record = await getA2ATask(store, taskId);
      return record ? Task.fromJSON(record.task) : undefined;
    },
    async list(params: ListTasksRequest): Promise<ListTasksResponse> {
      const pageSize = params.pageSize ?? 50;
      const offset = Number.parseInt(params.pageToken || '0', 10) || 0;
      const { tasks, total } = await listA2ATasks(store, {
        limit: pageSize,
        offset,
        ...(params.contextId ? { contextId: params.contextId } : {}),
        ...(params.status ? { state: taskStateToJSON(params.status) } : {}),
      });
      const next = offset + tasks.length < total ? String(offset + tasks.length) : '';
      return {
        tasks: tasks.map((t) => Task.fromJSON(t.task)),
        nextPageToken: next,
        pageSize,
        totalSize: total,
      };
    },
  };
  // A store that fails (down, corrupt) answers as an A2A error, not as a crash of the call.
  return {
    save: (task, context) => inner.save(task, context).catch((e: unknown) => Promise.reject(toA2AError(e))),
    load: (id, context) => inner.load(id, context).catch((e: unknown) => Promise.reject(toA2AError(e))),
    list: (params, context) =>
      inner.list(params, context).catch((e: unknown) => Promise.reject(toA2AError(e))),
  };
}
