/**
 * The orchestrator's side of a remote build, on the SDK's client: send the dispatch, poll the
 * task until it ends, and read back the reply, the patch and the run-folder files.
 */
import { type Task, TaskState } from '@a2a-js/sdk';
import { connect, messageRequest } from './client.js';
import { fromClientError } from './errors.js';
import { textPart } from './parts.js';

/** One dispatch to send. */
export interface RemoteDispatch {
  url: string;
  token?: string;
  timeoutMs: number;
  pollMs: number;
  text: string;
  meta: Record<string, unknown>;
}

/** What came back: the remote's work, or why there is none. */
export type RemoteOutcome =
  | { ok: false; error: string; unavailable: 'refused' | 'timeout' | 'unreachable' }
  | {
      ok: true;
      /** The remote's id of the task. */
      taskId: string;
      completed: boolean;
      reason: string;
      reply: string;
      patch: string;
      files: Record<string, string>;
    };

const FINAL = new Set([
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
  TaskState.TASK_STATE_REJECTED,
  TaskState.TASK_STATE_CANCELED,
]);

/** Sends the dispatch and waits (polling GetTask) until the remote task ends or the time is up. */
export async function dispatchRemote(d: RemoteDispatch): Promise<RemoteOutcome> {
  const signal = AbortSignal.timeout(d.timeoutMs);
  let task: Task;
  try {
    const client = await connect(d.url, d.token, signal);
    const request = messageRequest([textPart(d.text, 'text/plain')], { baton_dispatch: d.meta });
    const answer = await client.sendMessage(request, { signal });
    if (!('status' in answer))
      return { ok: false, error: 'the remote answered with a message, not a task', unavailable: 'refused' };
    task = answer;
    while (!FINAL.has(task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED)) {
      await new Promise((r) => setTimeout(r, d.pollMs));
      if (signal.aborted) throw Object.assign(new Error('timeout'), { name: 'TimeoutError' });
      task = await client.getTask({ tenant: '', id: task.id, historyLength: 0 }, { signal });
    }
  } catch (error) {
    const e = fromClientError(
      signal.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : error,
      d.url,
      d.timeoutMs,
    );
    return {
      ok: false,
      error:
        e.code === 'A2A_NO_ACK'
          ? `timed out after ${Math.round(d.timeoutMs / 1000)} s waiting for ${d.url}`
          : e.message,
      // It took no work that comes back: a pool may give the dispatch to another member.
      unavailable:
        e.code === 'A2A_NO_ACK' ? 'timeout' : e.code === 'A2A_UNREACHABLE' ? 'unreachable' : 'refused',
    };
  }
  const state = task.status?.state;
  const reason = statusText(task);
  if (state === TaskState.TASK_STATE_REJECTED || state === TaskState.TASK_STATE_CANCELED) {
    return {
      ok: false,
      error: `the remote ${state === TaskState.TASK_STATE_REJECTED ? 'rejected' : 'canceled'} the dispatch: ${reason}`,
      unavailable: 'refused',
    };
  }
  const text = (name: string) =>
    task.artifacts.find((a) => a.name === name)?.parts.find((p) => p.content?.$case === 'text')?.content;
  const data = task.artifacts
    .find((a) => a.name === 'run-files')
    ?.parts.find((p) => p.content?.$case === 'data')?.content;
  const files: Record<string, string> = {};
  if (data?.$case === 'data' && data.value && typeof data.value === 'object') {
    for (const [k, v] of Object.entries(data.value as Record<string, unknown>))
      if (typeof v === 'string') files[k] = v;
  }
  const value = (c: ReturnType<typeof text>) => (c?.$case === 'text' ? c.value : '');
  return {
    ok: true,
    taskId: task.id,
    completed: state === TaskState.TASK_STATE_COMPLETED,
    reason,
    reply: value(text('reply')),
    patch: value(text('patch')),
    files,
  };
}

function statusText(task: Task): string {
  return (task.status?.message?.parts ?? [])
    .flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : []))
    .join(' ')
    .replace(/^(REJECTED|FAILED|COMPLETED):\s*/, '')
    .slice(0, 500);
}
