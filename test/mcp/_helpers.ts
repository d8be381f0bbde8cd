/**
 * MCP test helpers: the official SDK client, over stdio against the built binary or over an
 * in-memory transport pair against the server the library builds.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { createMcpServer } from '../../src/servers/mcp/index.js';
import { BIN, cleanEnv } from '../e2e/_helpers.js';

/** A connected client and what the server said on stderr. */
export interface Connected {
  client: Client;
  stderr: string[];
  close(): Promise<void>;
}

/** Starts `baton mcp` (the built binary) in `cwd` and connects the SDK client to it over stdio. */
export async function connectStdio(cwd: string, env: Record<string, string> = {}): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd,
    env: cleanEnv(env) as Record<string, string>,
    stderr: 'pipe',
  });
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  const client = new Client({ name: 'baton-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr, close: () => client.close() };
}

/** Connects the SDK client to a server built in this process, over an in-memory transport pair. */
export async function connectMemory(cwd: string, env: NodeJS.ProcessEnv = cleanEnv()): Promise<Connected> {
  const stderr: string[] = [];
  const server = createMcpServer({ cwd, env, version: 'test', log: (line) => stderr.push(line) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'baton-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    stderr,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Calls a tool and returns its result as a CallToolResult. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a result's first content item. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first && first.type === 'text' ? first.text : '';
}

/** Asserts a successful result with structured content, and returns that content. */
export function ok(result: CallToolResult): Record<string, unknown> {
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(result.structuredContent).toBeDefined();
  expect(textOf(result).length).toBeGreaterThan(0);
  return result.structuredContent as Record<string, unknown>;
}

/**
 * Asserts a tool error with this code: `isError`, one line `CODE: message`, the code in `_meta`,
 * no stack; then proves the server still answers.
 */
export async function toolError(client: Client, result: CallToolResult, code: string): Promise<string> {
  expect(result.isError).toBe(true);
  const text = textOf(result);
  expect(text.startsWith(`${code}: `), text).toBe(true);
  expect(text).not.toContain('\n');
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(result._meta?.['baton/code']).toBe(code);
  await expect(client.ping()).resolves.toBeDefined();
  return text;
}

/** Calls a tool and asserts the tool error `code` (see `toolError`). */
export async function refused(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  code: string,
): Promise<string> {
  return toolError(client, await call(client, name, args), code);
}

/** A PhaseHandoff from ideate into plan, as save_phase_handoff takes it. */
export const PHASE_PLAN = {
  fromPhase: 'ideate',
  toPhase: 'plan',
  summary: 'Three options; the user prefers the smallest.',
  evidence: {},
  openIssues: [],
  userPreferences: ['smallest change first'],
};
