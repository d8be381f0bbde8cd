/** A small OpenAI-compatible chat-completions server on 127.0.0.1, scripted by each test. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers to one request. */
export interface FakeAnswer {
  status?: number;
  /** A chat completion whose message content is this text. */
  content?: string;
  /** A body sent as is (for malformed answers). */
  raw?: string;
  delayMs?: number;
  headers?: Record<string, string>;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

/** One request the server received. */
export interface SeenRequest {
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: { role: string; content: string }[] };
}

/** A running fake server. */
export interface FakeServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a server that answers each POST /v1/chat/completions with `answer(request, n)`. */
export async function startOpenAIServer(
  answer: (request: SeenRequest, n: number) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const seen: SeenRequest = {
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(seen);
      const a = await answer(seen, requests.length);
      if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
      const body =
        a.raw ??
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          choices:
            a.content === undefined
              ? []
              : [{ index: 0, message: { role: 'assistant', content: a.content }, finish_reason: 'stop' }],
          usage: a.usage ?? { prompt_tokens: 100, completion_tokens: 20 },
        });
      if (res.destroyed) return;
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...(a.headers ?? {}) });
      res.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
