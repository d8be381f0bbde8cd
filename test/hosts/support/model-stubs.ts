/**
 * Local stand-ins for the two model APIs the real hosts call, so that Claude Code and Codex run
 * offline here and their tools then run for real: a streamed Anthropic Messages API and a streamed
 * OpenAI Responses API. Each replays a script of turns (a tool call or a text) and logs every
 * request body, so a test can see what the host sent to "the model".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted model turn: call a tool with this input, or answer with text. */
export type Turn = { tool: string; input: Record<string, unknown> } | { text: string };

/** A running stand-in. */
export interface ModelStub {
  url: string;
  /** Every request body, in order. */
  requests: { url: string; body: Record<string, unknown> }[];
  /** How many scripted turns were used. */
  used(): number;
  close(): Promise<void>;
}

/** Options of a stand-in. */
export interface StubOptions {
  /** The answer to a compaction request. */
  summary?: string;
  /** Input tokens to report per reply (Codex compacts when they pass its limit). */
  inputTokens?: number;
  /** Turns for Claude Code's subagents (told apart by their system prompt), which run beside the main loop. */
  subagent?: Turn[];
}

function listen(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => handler(req, body, res));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function stubOf(
  server: Server,
  requests: ModelStub['requests'],
  used: () => number,
  path: string,
): ModelStub {
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    used,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parse(body: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(body);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function sse(res: ServerResponse, events: [string, Record<string, unknown>][]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [event, data] of events) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.end();
}

/** The Anthropic Messages API as Claude Code streams it: `message_start` … `message_stop`. */
export async function startAnthropicStub(script: Turn[], options: StubOptions = {}): Promise<ModelStub> {
  const requests: ModelStub['requests'] = [];
  let step = 0;
  let subStep = 0;
  const server = await listen((req, raw, res) => {
    const body = parse(raw);
    requests.push({ url: req.url ?? '', body });
    if (!(req.url ?? '').startsWith('/v1/messages') || (req.url ?? '').includes('count_tokens')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const last = JSON.stringify(messages.at(-1) ?? '');
    const tools = Array.isArray(body.tools) ? body.tools : [];
    let turn: Turn;
    if (last.includes('detailed summary of the conversation')) turn = { text: options.summary ?? 'Summary.' };
    else if (tools.length === 0) turn = { text: 'Session' };
    else if (
      options.subagent &&
      JSON.stringify(body.system ?? '').includes('You are an agent for Claude Code')
    ) {
      turn = options.subagent[subStep++] ?? { text: 'Done.' };
    } else turn = script[step++] ?? { text: 'Nothing more to do.' };
    const id = `msg_stub_${requests.length}`;
    const usage = { input_tokens: options.inputTokens ?? 100, output_tokens: 10 };
    const events: [string, Record<string, unknown>][] = [
      [
        'message_start',
        {
          type: 'message_start',
          message: {
            id,
            type: 'message',
            role: 'assistant',
            model: body.model ?? 'stub',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage,
          },
        },
      ],
    ];
    if ('text' in turn) {
      events.push(
        [
          'content_block_start',
          { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: turn.text } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'message_delta',
          {
            type: 'message_delta',
            delta: { stop_reason: 'end_turn', stop_sequence: null },
            usage: { output_tokens: 10 },
          },
        ],
      );
    } else {
      events.push(
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'tool_use', id: `toolu_stub_${step}`, name: turn.tool, input: {} },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'input_json_delta', partial_json: JSON.stringify(turn.input) },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'message_delta',
          {
            type: 'message_delta',
            delta: { stop_reason: 'tool_use', stop_sequence: null },
            usage: { output_tokens: 10 },
          },
        ],
      );
    }
    events.push(['message_stop', { type: 'message_stop' }]);
    sse(res, events);
  });
  return stubOf(server, requests, () => step, '');
}

/** The OpenAI Responses API as Codex streams it: `response.created` … `response.completed`. */
export async function startResponsesStub(script: Turn[], options: StubOptions = {}): Promise<ModelStub> {
  const requests: ModelStub['requests'] = [];
  let step = 0;
  const server = await listen((req, raw, res) => {
    const body = parse(raw);
    requests.push({ url: req.url ?? '', body });
    if (!(req.url ?? '').includes('/responses')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
      return;
    }
    const input = Array.isArray(body.input) ? body.input : [];
    const compaction = JSON.stringify(input.at(-1) ?? '').includes('CONTEXT CHECKPOINT COMPACTION');
    const turn: Turn = compaction
      ? { text: options.summary ?? 'Summary.' }
      : (script[step++] ?? { text: 'Nothing more to do.' });
    const n = requests.length;
    const item =
      'text' in turn
        ? {
            type: 'message',
            id: `msg_${n}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: turn.text, annotations: [] }],
          }
        : {
            type: 'function_call',
            id: `fc_${n}`,
            call_id: `call_${n}`,
            name: turn.tool,
            arguments: JSON.stringify(turn.input),
            status: 'completed',
          };
    const tokens = options.inputTokens ?? 100;
    const usage = {
      input_tokens: tokens,
      output_tokens: 10,
      total_tokens: tokens + 10,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    };
    const id = `resp_${n}`;
    sse(res, [
      [
        'response.created',
        { type: 'response.created', response: { id, object: 'response', status: 'in_progress', output: [] } },
      ],
      ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item }],
      ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
      [
        'response.completed',
        {
          type: 'response.completed',
          response: { id, object: 'response', status: 'completed', output: [item], usage },
        },
      ],
    ]);
  });
  return stubOf(server, requests, () => step, '/v1');
}

function textsOf(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((c) =>
    c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string'
      ? [(c as { text: string }).text]
      : [],
  );
}

/** Every text a request sent to the model: the system prompt and each message's text parts (either API). */
export function requestTexts(body: Record<string, unknown>): string[] {
  const items = [
    ...(Array.isArray(body.messages) ? body.messages : []),
    ...(Array.isArray(body.input) ? body.input : []),
  ] as { content?: unknown }[];
  return [
    ...textsOf(body.system),
    ...textsOf(body.instructions),
    ...items.flatMap((m) => textsOf(m?.content)),
  ];
}
