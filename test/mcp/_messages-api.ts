/**
 * A local stand-in for the Messages API a real Claude Code talks to (ANTHROPIC_BASE_URL): it answers
 * streamed replies that call the given tools one after the other, then says "done", and keeps the
 * tool results Claude Code sends back. Listens on 127.0.0.1 only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One tool call the stand-in's model makes: a name ending and the input. */
export interface ScriptedCall {
  /** The end of the tool's name (Claude Code prefixes MCP tools with `mcp__<server>__`). */
  tool: string;
  input: Record<string, unknown>;
}

/** The running stand-in. */
export interface MessagesApi {
  url: string;
  /** The text of each tool result Claude Code sent back, in order. */
  results: string[];
  /** The tool names offered in the requests. */
  offered: Set<string>;
  close(): Promise<void>;
}

type Block = { type: string; content?: unknown; text?: string };

const usage = { input_tokens: 1, output_tokens: 1 };
const start = {
  type: 'message_start',
  message: {
    id: 'msg_stand_in',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage,
  },
};

function resultText(block: Block): string {
  if (typeof block.content === 'string') return block.content;
  if (Array.isArray(block.content)) return (block.content as Block[]).map((b) => b.text ?? '').join('\n');
  return '';
}

function events(call: { name: string; input: Record<string, unknown> } | undefined): unknown[] {
  const first = call
    ? [
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: `toolu_${Date.now()}`, name: call.name, input: {} },
        },
        {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.input) },
        },
      ]
    : [
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'done' } },
      ];
  return [
    start,
    ...first,
    { type: 'content_block_stop', index: 0 },
    {
      type: 'message_delta',
      delta: { stop_reason: call ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: 1 },
    },
    { type: 'message_stop' },
  ];
}

/** Starts the stand-in; its model makes `script`'s calls in order. */
export function startMessagesApi(script: readonly ScriptedCall[]): Promise<MessagesApi> {
  const results: string[] = [];
  const offered = new Set<string>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      let request: { stream?: boolean; tools?: { name: string }[]; messages?: { content: unknown }[] } = {};
      try {
        request = JSON.parse(body);
      } catch {
        // Not JSON: answered like any request without tools.
      }
      const names = (request.tools ?? []).map((t) => t.name);
      for (const n of names) offered.add(n);
      const blocks = (request.messages ?? []).flatMap((m) =>
        Array.isArray(m.content) ? (m.content as Block[]) : [],
      );
      const done = blocks.filter((b) => b.type === 'tool_result');
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ...start.message,
            content: [{ type: 'text', text: 'ok' }],
            stop_reason: 'end_turn',
          }),
        );
        return;
      }
      if (names.length > 0 && done.length > results.length)
        results.push(...done.slice(results.length).map(resultText));
      const next = names.length > 0 ? script[done.length] : undefined;
      const name = next ? names.find((n) => n.endsWith(`__${next.tool}`)) : undefined;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const e of events(next && name ? { name, input: next.input } : undefined)) {
        res.write(`event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`);
      }
      res.end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        results,
        offered,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
