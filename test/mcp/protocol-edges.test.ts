/**
 * Where `baton mcp` answered against the MCP spec (issue 20 items 4, 8, 12): a stdio frame over
 * the 10 MiB read buffer ended the server with exit 0 and nothing said; `tools/call` with
 * `arguments` a string answered -32603 with a multi-line zod dump; an unknown tool was an
 * isError result; `resources.listChanged` was declared and never sent. The built binary, raw
 * frames where the SDK client cannot send them, the SDK client where it can.
 */
import { spawn } from 'node:child_process';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, DRAFT, Scratch } from '../e2e/_helpers.js';
import { call, connectStdio, ok, PHASE_PLAN } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

interface Ended {
  code: number | null;
  frames: { id?: number; result?: Record<string, unknown>; error?: { code: number; message: string } }[];
  stderr: string;
}

// Writes the lines to `baton mcp`, then waits for `answers` replies (or the end) and closes stdin.
function converse(cwd: string, lines: (string | Buffer)[], answers: number): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'mcp'], { cwd, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      if (stdout.split('\n').filter((l) => l.includes('"id":')).length >= answers) child.stdin.end();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.stdin.on('error', () => {}); // the server may stop reading first
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const frames = stdout
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l));
      resolve({ code, frames, stderr });
    });
    for (const line of lines) child.stdin.write(line);
  });
}

describe('a stdio frame over the read buffer (item 4)', () => {
  it('ends baton mcp with one stderr line naming the limit and exit 1, not 0 and nothing', async () => {
    const repo = scratch.repo();
    const big = Buffer.alloc(11 * 1024 * 1024, 'a');
    const frame = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"'),
      big,
    ]);
    const ended = await converse(repo.dir, [`${INIT}\n`, frame], 99);
    expect(ended.code).toBe(1);
    const lines = ended.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toEqual([
      'baton: a message on stdin is over the 10485760-byte (10 MiB) frame limit: the server stopped (send a large text by path)',
    ]);
  });

  it('a frame under the limit is served as before', async () => {
    const repo = scratch.repo();
    const text = 'x'.repeat(6 * 1024 * 1024);
    const frame = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { pad: text } } });
    const ended = await converse(repo.dir, [`${INIT}\n`, `${frame}\n`], 2);
    expect(ended.code).toBe(0);
    expect(ended.frames.find((f) => f.id === 2)?.result).toEqual({});
  });
});

describe('requests the SDK answered against the spec (item 8)', () => {
  it('tools/call with arguments a string, a name that is not a string or an unknown tool is -32602 in one line', async () => {
    const repo = scratch.repo();
    const calls = [
      { id: 2, params: { name: 'validate_handoff', arguments: 'path=.baton/handoff.md' } },
      { id: 3, params: { name: 42, arguments: {} } },
      { id: 5, params: { name: 'no_such_tool', arguments: {} } },
    ].map((c) => `${JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', ...c })}\n`);
    const resources = `${JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'resources/read', params: { uri: 7 } })}\n`;
    const ended = await converse(repo.dir, [`${INIT}\n`, ...calls, resources], 5);
    expect(ended.code).toBe(0);
    for (const id of [2, 3, 5, 6]) {
      const f = ended.frames.find((x) => x.id === id);
      expect(f?.error?.code, `id ${id}`).toBe(-32602);
      expect(f?.error?.message).not.toContain('\n');
      expect(f?.error?.message.length).toBeLessThan(200);
    }
    expect(ended.frames.find((f) => f.id === 2)?.error?.message).toMatch(/params\.arguments/);
    expect(ended.frames.find((f) => f.id === 5)?.error?.message).toMatch(/no tool named "no_such_tool"/);
  });

  it('arguments that do not fit a tool stay a tool error, as the spec says for input validation', async () => {
    const repo = scratch.repo();
    const mcp = await connectStdio(repo.dir);
    try {
      const result = await call(mcp.client, 'write_handoff', { draft: 42 });
      expect(result.isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });

  it('a line that is not a JSON-RPC message at all gets one log line on stderr (the SDK answers nothing)', async () => {
    const repo = scratch.repo();
    const bad = `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: 'not an object' })}\n`;
    const ping = `${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' })}\n`;
    const ended = await converse(repo.dir, [`${INIT}\n`, bad, ping], 2);
    expect(ended.code).toBe(0);
    expect(ended.frames.find((f) => f.id === 3)?.result).toEqual({});
    const lines = ended.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toEqual(['baton mcp: ignored a line on stdin that is not a JSON-RPC message']);
  });
});

describe('resources.listChanged (item 12)', () => {
  it('is declared, and sent after write_handoff and save_phase_handoff, not after a read', async () => {
    const repo = scratch.repo();
    const mcp = await connectStdio(repo.dir);
    try {
      expect(mcp.client.getServerCapabilities()?.resources?.listChanged).toBe(true);
      let heard = 0;
      mcp.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
        heard++;
      });
      ok(await call(mcp.client, 'write_handoff', { draft: DRAFT }));
      await expect.poll(() => heard).toBe(1);
      ok(await call(mcp.client, 'save_phase_handoff', PHASE_PLAN));
      await expect.poll(() => heard).toBe(2);
      ok(await call(mcp.client, 'validate_handoff', {}));
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toBe(2);
    } finally {
      await mcp.close();
    }
  });
});
