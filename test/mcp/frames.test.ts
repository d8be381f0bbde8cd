/**
 * `baton mcp` over stdio writes nothing to stdout but JSON-RPC frames, also around errors, a
 * malformed line and an unknown tool, and it exits 0 when the client closes stdin.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, baton, cleanEnv, DRAFT, Scratch } from '../e2e/_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const frame = (id: number, method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });
const callTool = (id: number, name: string, args: Record<string, unknown>) =>
  frame(id, 'tools/call', { name, arguments: args });

function converse(
  cwd: string,
  lines: string[],
  extra: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'mcp', ...extra], { cwd, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      // Close stdin once every request (ids 1..n) has its answer.
      const answered = stdout.split('\n').filter((l) => l.includes('"id":')).length;
      if (answered >= lines.filter((l) => l.includes('"id"')).length) child.stdin.end();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.write(`${lines.join('\n')}\n`);
  });
}

describe('baton mcp stdout', () => {
  it('carries only JSON-RPC frames, answers every request after errors, and exits 0 on EOF', async () => {
    const repo = scratch.repo();
    const lines = [
      frame(1, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      frame(2, 'tools/list'),
      callTool(3, 'write_handoff', { draft: 'not a handoff' }),
      '{ this line is not json',
      callTool(4, 'validate_handoff', { path: '/etc/passwd' }),
      callTool(5, 'no_such_tool', {}),
      callTool(6, 'write_handoff', { draft: 42 }),
      frame(7, 'resources/read', { uri: 'baton://handoff/current' }),
      frame(8, 'ping'),
    ];
    const { code, stdout, stderr } = await converse(repo.dir, lines);
    expect(code).toBe(0);
    expect(stdout.endsWith('\n')).toBe(true);
    const frames = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { jsonrpc: string; id?: number; result?: unknown; error?: unknown });
    for (const f of frames) expect(f.jsonrpc).toBe('2.0');
    // Requests run concurrently: answers come in any order, one for each.
    const ids = frames
      .map((f) => f.id)
      .filter((id) => id !== undefined)
      .sort((a, b) => (a as number) - (b as number));
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const byId = new Map(frames.map((f) => [f.id, f]));
    expect(JSON.stringify(byId.get(3))).toContain('HANDOFF_INVALID: ');
    expect(JSON.stringify(byId.get(4))).toContain('PATH_OUTSIDE_REPOSITORY: ');
    // An unknown tool is the protocol error the spec asks for (issue 20), not an isError result.
    expect(JSON.stringify(byId.get(5))).toContain('"code":-32602');
    expect(JSON.stringify(byId.get(6))).toContain('isError');
    expect(JSON.stringify(byId.get(7))).toContain('FILE_NOT_FOUND: ');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('--root serves the repository of another folder, for hosts that start servers elsewhere', async () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const init = frame(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    const lines = [init, callTool(2, 'validate_handoff', {})];
    const { code, stdout } = await converse(scratch.plain(), lines, ['--root', repo.dir]);
    expect(code).toBe(0);
    expect(stdout).toContain('"verdict":"VALID"');
  });
});
