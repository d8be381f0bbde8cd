/**
 * `baton serve a2a --agent`: the server also does the work of an accepted handoff, started as a
 * local command agent is; the task ends COMPLETED or FAILED with the reply. Cancel is refused.
 */
import { type Task, TaskState } from '@a2a-js/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { makePair, request, sdkClient, serve, statusText, text, writeHandoff } from './_helpers.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function until(url: string, id: string, done: (t: Task) => boolean): Promise<Task> {
  const client = await sdkClient(url);
  for (let i = 0; i < 100; i++) {
    const t = await client.getTask({ tenant: '', id, historyLength: 0 });
    if (done(t)) return t;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the task never finished');
}

const ended = (t: Task) =>
  t.status?.state === TaskState.TASK_STATE_COMPLETED || t.status?.state === TaskState.TASK_STATE_FAILED;

async function start(agent: string) {
  const pair = makePair();
  cleanup.push(() => pair.cleanup());
  const handoff = writeHandoff(pair.sender);
  const s = await serve(pair.receiver, ['--agent', agent]);
  cleanup.push(() => s.stop());
  const ack = (await (await sdkClient(s.url)).sendMessage(request([text(handoff)]))) as Task;
  return { s, ack };
}

describe('serve a2a --agent', () => {
  it('runs the agent on the handoff’s brief and completes with its reply as an artifact', async () => {
    const { s, ack } = await start(
      'grep -q "Document sum in the README" "$BATON_DISPATCH_FILE" && echo "did $BATON_TASK as $BATON_ROLE in $BATON_STAGE"',
    );
    expect(ack.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    const done = await until(s.url, ack.id, ended);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const reply = done.artifacts.find((a) => a.name === 'reply')?.parts[0]?.content;
    expect(reply?.$case === 'text' && reply.value).toBe('did A2A as child in builder\n');
    expect(done.metadata).toMatchObject({ verdict: 'VALID' });
  });

  it('fails the task with the agent’s failure when it exits non-zero', async () => {
    const { s, ack } = await start('echo "no room on this disk" >&2; exit 3');
    const done = await until(s.url, ack.id, ended);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(statusText(done)).toMatch(/^FAILED: exited 3: no room on this disk$/);
  });

  it('refuses to cancel a task it took', async () => {
    const { s, ack } = await start('sleep 3; echo late');
    const client = await sdkClient(s.url);
    await expect(client.cancelTask({ tenant: '', id: ack.id, metadata: undefined })).rejects.toThrow(
      /cannot be canceled/,
    );
  });
});
