/**
 * The SDK's `TaskStore` over baton's store (`src/store/a2a-tasks.ts`): every task the server
 * answers for is in SQLite or PostgreSQL, so a restarted server still answers GetTask. ListTasks
 * filters by status time and leaves artifacts out unless asked, as the spec says.
 */
import { type ListTasksRequest, type ListTasksResponse, Task, taskStateToJSON } from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { AgentExecutor, ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { toA2AError } from '../../a2a/errors.js';
import { getA2ATask, listA2ATasks, putA2ATask } from '../../store/a2a-tasks.js';
import type { Store } from '../../store/types.js';

// How many tasks' last saves are remembered for the request that saved them.
const REMEMBERED = 256;

/** The SDK's task store over baton's, told of the tasks requests create (`withNewTasks`). */
export interface StoreTaskStore extends TaskStore {
  /** The request `by` created task `taskId`: until it saves it, its loads find nothing, unasked. */
  created(taskId: string, by: ServerCallContext): void;
}

/** A task store that keeps every task in `store`. */
export function storeTaskStore(store: Store): StoreTaskStore {
  // The SDK loads a task right after saving it (to merge the next event, and to answer). The
  // last save of each task in this process is kept with the request that made it: that request
  // reads it back without a query, and any other request, or a later save, goes to the store.
  // A task a request has just created is kept the same way with nothing saved yet (`task`
  // undefined): the SDK's load before its first save finds nothing without asking the store.
  const lastSaves = new Map<
    string,
    { by: ServerCallContext | undefined; task: Record<string, unknown> | undefined }
  >();
  const keep = (taskId: string, by: ServerCallContext | undefined, task?: Record<string, unknown>) => {
    lastSaves.set(taskId, { by, task });
    if (lastSaves.size > REMEMBERED) lastSaves.delete(lastSaves.keys().next().value as string);
  };
  const inner: TaskStore = {
    async save(task, context) {
      const meta = (task.metadata ?? {}) as Record<string, unknown>;
      const record = {
        id: task.id,
        contextId: task.contextId,
        state: taskStateToJSON(task.status?.state ?? 0),
        task: Task.toJSON(task) as Record<string, unknown>,
        ...statusAt(task),
        ...(typeof meta.sender === 'string' ? { sender: meta.sender } : {}),
        ...(typeof meta.handoff_id === 'string' ? { handoffId: meta.handoff_id } : {}),
        ...(typeof meta.run_id === 'string' ? { runId: meta.run_id } : {}),
      };
      lastSaves.delete(task.id);
      await putA2ATask(store, record);
      keep(task.id, context, record.task);
    },
    async load(taskId, context) {
      const last = lastSaves.get(taskId);
      if (last && context && last.by === context) return last.task && Task.fromJSON(last.task);
      const record = await getA2ATask(store, taskId);
      return record ? Task.fromJSON(record.task) : undefined;
    },
    async list(params: ListTasksRequest): Promise<ListTasksResponse> {
      const pageSize = params.pageSize ?? 50;
      const offset = pageOffset(params.pageToken);
      const since = params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : Number.NaN;
      const { tasks, total } = await listA2ATasks(store, {
        limit: pageSize,
        offset,
        ...(params.contextId ? { contextId: params.contextId } : {}),
        ...(params.status ? { state: taskStateToJSON(params.status) } : {}),
        ...(Number.isFinite(since) ? { statusSinceMs: since } : {}),
      });
      const next = offset + tasks.length < total ? String(offset + tasks.length) : '';
      const wire = tasks.map((t) => Task.fromJSON(t.task));
      // Artifacts only when asked for: the spec's default is without (a MUST).
      if (params.includeArtifacts !== true) for (const t of wire) t.artifacts = [];
      return { tasks: wire, nextPageToken: next, pageSize, totalSize: total };
    },
  };
  // A store that fails (down, corrupt) answers as an A2A error, not as a crash of the call.
  return {
    created: (taskId, by) => {
      lastSaves.delete(taskId);
      keep(taskId, by);
    },
    save: (task, context) => inner.save(task, context).catch((e: unknown) => Promise.reject(toA2AError(e))),
    load: (id, context) => inner.load(id, context).catch((e: unknown) => Promise.reject(toA2AError(e))),
    list: (params, context) =>
      inner.list(params, context).catch((e: unknown) => Promise.reject(toA2AError(e))),
  };
}

/**
 * `executor`, telling `tasks` of each task a request creates (a message that names no task gets
 * a new id from the SDK, so nothing can be stored under it yet).
 */
export function withNewTasks(executor: AgentExecutor, tasks: StoreTaskStore): AgentExecutor {
  return {
    execute(request, bus) {
      if (!request.task) tasks.created(request.taskId, request.context);
      return executor.execute(request, bus);
    },
    cancelTask: (taskId, bus) => executor.cancelTask(taskId, bus),
  };
}

// A page token is the offset this server handed out as `nextPageToken`; anything else is refused
// (a garbage token answered the first page before).
function pageOffset(token: string | undefined): number {
  if (!token) return 0;
  if (!/^[1-9]\d{0,8}$/.test(token)) {
    throw new RequestMalformedError(
      `pageToken "${token.slice(0, 40)}" is not one this server gave (use nextPageToken)`,
    );
  }
  return Number(token);
}

// When the task's status last changed (its status timestamp), for ListTasks' statusTimestampAfter.
function statusAt(task: Task): { statusAtMs?: number } {
  const ms = task.status?.timestamp ? Date.parse(task.status.timestamp) : Number.NaN;
  return Number.isFinite(ms) ? { statusAtMs: ms } : {};
}
