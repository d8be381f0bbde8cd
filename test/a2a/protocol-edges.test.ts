/**
 * Where `baton serve a2a` answered against the spec or its own docs (issue 20 items 5, 10, 11, and
 * the SDK's own answers): a data part nested 2,000+ deep answered -32603 and recorded nothing;
 * CancelTask cancelled an accepted task; ListTasks ignored includeArtifacts=false and
 * statusTimestampAfter and took a garbage pageToken for the first page; an invalid JSON-RPC
 * envelope was -32602 and a REST body of another media type 400. The BUILT server as a real
 * process, the SDK's client where it can send the request, raw HTTP where it cannot.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Task, TaskState } from '@a2a-js/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  git,
  makePair,
  type Pair,
  request,
  type Served,
  sdkClient,
  serve,
  statusText,
  text,
  writeHandoff,
} from './_helpers.js';

let pair: Pair;
let server: Served;
let handoff: string;

beforeAll(async () => {
  pair = makePair();
  handoff = writeHandoff(pair.sender);
  // The receiver moved on, so the handoff is STALE: taken, with a resume-brief artifact.
  writeFileSync(join(pair.receiver, 'README.md'), '# scratch\n\nmoved on\n');
  git(pair.receiver, ['commit', '-q', '-am', 'moved on']);
  server = await serve(pair.receiver);
});

afterAll(async () => {
  await server?.stop();
  pair?.cleanup();
});

// The wire answer, as far as these tests read it.
interface RpcAnswer {
  id?: unknown;
  error?: { code: number; message: string };
  result: { task: { id: string; status: { state: string; message: unknown } } };
}

async function rpc(body: unknown): Promise<{ status: number; json: RpcAnswer }> {
  const r = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'A2A-Version': '1.0' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as RpcAnswer };
}

function nested(depth: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let at = root;
  for (let i = 0; i < depth; i++) {
    const next: Record<string, unknown> = {};
    at.a = next;
    at = next;
  }
  return root;
}

const sendDeep = (id: string, data: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'SendMessage',
  params: {
    message: {
      messageId: `m-${id}`,
      role: 'ROLE_USER',
      parts: [{ data, mediaType: 'application/json' }],
      metadata: { handoff: true },
    },
  },
});

describe('a data part nested 2,000+ deep (item 5)', () => {
  it('is a REJECTED task like other malformed parts, recorded and readable with GetTask', async () => {
    const answer = await rpc(sendDeep('deep-1', nested(2500)));
    expect(answer.status).toBe(200);
    expect(answer.json.error).toBeUndefined();
    const task = answer.json.result.task;
    expect(task.status.state).toBe('TASK_STATE_REJECTED');
    expect(JSON.stringify(task.status.message)).toMatch(/nested more than 64 levels deep; it was not read/);
    const client = await sdkClient(server.url);
    const again = await client.getTask({ tenant: '', id: task.id, historyLength: 0 });
    expect(again.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
  });

  it('over REST too; deep nesting elsewhere in the request is -32600, never -32603', async () => {
    const body = sendDeep('deep-2', nested(3000)).params;
    const rest = await fetch(`${server.url}rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/a2a+json', 'A2A-Version': '1.0' },
      body: JSON.stringify(body),
    });
    expect(rest.status).toBe(200);
    expect(JSON.stringify(await rest.json())).toMatch(/TASK_STATE_REJECTED/);
    const meta = sendDeep('deep-3', {});
    (meta.params.message.metadata as Record<string, unknown>).x = nested(3000);
    const refused = await rpc(meta);
    expect(refused.json.error?.code).toBe(-32600);
  });

  it('a data part a few levels deep is still read as a handoff', async () => {
    const answer = await rpc(sendDeep('shallow', nested(10)));
    expect(answer.json.result.task.status.state).toBe('TASK_STATE_REJECTED');
    expect(JSON.stringify(answer.json.result.task.status.message)).not.toMatch(/nested more than/);
  });
});

describe('CancelTask (item 10)', () => {
  it('refuses to cancel an accepted (WORKING) task, which stays WORKING', async () => {
    const client = await sdkClient(server.url);
    const task = (await client.sendMessage(request([text(handoff)]))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    await expect(client.cancelTask({ tenant: '', id: task.id, metadata: undefined })).rejects.toThrow(
      /cannot be canceled/,
    );
    const after = await client.getTask({ tenant: '', id: task.id, historyLength: 0 });
    expect(after.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    await expect(client.cancelTask({ tenant: '', id: 'no-such-task', metadata: undefined })).rejects.toThrow(
      /not found/i,
    );
  });
});

describe('ListTasks (item 11)', () => {
  it('leaves artifacts out unless includeArtifacts is true, filters by status time, refuses a garbage pageToken', async () => {
    const client = await sdkClient(server.url);
    const sent = (await client.sendMessage(request([text(handoff)]))) as Task;
    expect(sent.artifacts.map((a) => a.name)).toContain('resume-brief');
    const list = (over: Record<string, unknown>) =>
      client.listTasks({
        tenant: '',
        contextId: '',
        status: TaskState.TASK_STATE_UNSPECIFIED,
        pageToken: '',
        statusTimestampAfter: undefined,
        ...over,
      });
    const plain = await list({});
    const mine = plain.tasks.find((t) => t.id === sent.id);
    expect(mine?.artifacts).toEqual([]);
    const full = await list({ includeArtifacts: true });
    expect(full.tasks.find((t) => t.id === sent.id)?.artifacts.map((a) => a.name)).toContain('resume-brief');
    const future = await list({ statusTimestampAfter: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.tasks).toEqual([]);
    const past = await list({ statusTimestampAfter: new Date(Date.now() - 3_600_000).toISOString() });
    expect(past.tasks.map((t) => t.id)).toContain(sent.id);
    await expect(list({ pageToken: 'garbage' })).rejects.toThrow(
      /pageToken "garbage" is not one this server gave/,
    );
    const first = await list({ pageSize: 1 });
    expect(first.nextPageToken).toBe('1');
    const second = await list({ pageSize: 1, pageToken: first.nextPageToken });
    expect(second.tasks[0]?.id).not.toBe(first.tasks[0]?.id);
  });
});

describe('where the SDK answered against the spec', () => {
  it('an invalid JSON-RPC envelope is -32600 Invalid Request (the SDK said -32602)', async () => {
    for (const body of [
      { jsonrpc: '1.0', id: 1, method: 'GetTask', params: { id: 'x' } },
      { id: 2, method: 'GetTask', params: { id: 'x' } },
      { jsonrpc: '2.0', id: 3, params: {} },
      { jsonrpc: '2.0', id: { a: 1 }, method: 'GetTask', params: { id: 'x' } },
      [],
      '"just a string"',
    ]) {
      const r = await rpc(body);
      expect(r.json.error?.code, JSON.stringify(body)).toBe(-32600);
    }
    expect((await rpc({ jsonrpc: '1.0', id: 7, method: 'GetTask' })).json.id).toBe(7);
    // Params of the wrong shape are still invalid params.
    expect((await rpc({ jsonrpc: '2.0', id: 4, method: 'GetTask', params: 'x' })).json.error?.code).toBe(
      -32602,
    );
  });

  it('a JSON-RPC body that is not JSON is -32005 ContentTypeNotSupported', async () => {
    const r = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'A2A-Version': '1.0' },
      body: '{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}',
    });
    expect(((await r.json()) as RpcAnswer).error?.code).toBe(-32005);
  });

  it('REST answers are application/json (spec 11.1; the SDK said application/a2a+json)', async () => {
    const ok = await fetch(`${server.url}rest/tasks`, { headers: { 'A2A-Version': '1.0' } });
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/);
    const missing = await fetch(`${server.url}rest/tasks/no-such-task`, {
      headers: { 'A2A-Version': '1.0' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('the agent card says since when it is the same (Last-Modified)', async () => {
    const card = await fetch(`${server.url}.well-known/agent-card.json`);
    expect(Date.parse(card.headers.get('last-modified') ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('a REST body that is not JSON is 415 Unsupported Media Type (the SDK said 400)', async () => {
    const r = await fetch(`${server.url}rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'A2A-Version': '1.0' },
      body: 'hello',
    });
    expect(r.status).toBe(415);
    expect(JSON.stringify(await r.json())).toMatch(/CONTENT_TYPE_NOT_SUPPORTED/);
  });

  it('still takes a handoff sent by the SDK client after all of that', async () => {
    const task = (await (await sdkClient(server.url)).sendMessage(request([text(handoff)]))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    expect(statusText(task)).toMatch(/^ACCEPTED/);
  });
});
