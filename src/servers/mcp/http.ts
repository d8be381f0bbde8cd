/**
 * Serving over Streamable HTTP on 127.0.0.1, for a server a team shares: express behind the one
 * HTTP edge (servers/_http.ts: only Host headers naming this machine are answered, the security
 * headers, the listen errors), and a fresh stateless server for each request.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { edgeGuard, listenOn } from '../_http.js';
import { connectChecked } from './_requests.js';
import { createMcpServer, type McpServerOptions, mcpContext } from './server.js';

/** Options of `serveHttp`. */
export interface HttpOptions extends McpServerOptions {
  /** The port (0 picks a free one). */
  port: number;
  /** Called once the server listens, with its URL. */
  onListening?: (url: string) => void;
  /** Stops the server when it aborts. */
  signal?: AbortSignal;
}

/** The host the server binds: loopback only. */
export const HTTP_HOST = '127.0.0.1';

// The largest request body read: express's default, as the SDK's own app had it (a handoff fits
// in 32 KiB; a larger text is imported by path).
const MAX_BODY_BYTES = 100 * 1024;

/** Serves `POST /mcp` until the signal aborts. */
export async function serveHttp(options: HttpOptions): Promise<void> {
  // Express is loaded only here, so that a stdio server never loads it.
  const { default: express } = await import('express');
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );
  const app = express();
  app.disable('x-powered-by');
  app.use(edgeGuard({ host: HTTP_HOST, refuse: jsonRpcRefusal }));
  app.use(express.json({ limit: MAX_BODY_BYTES }));
  // One context for every request: a fresh server each time, the same git answers.
  const ctx = mcpContext(options);
  app.post('/mcp', async (req: Request, res: Response) => {
    const server = createMcpServer(options, ctx);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await connectChecked(server, transport);
    await transport.handleRequest(req, res, req.body);
  });
  const notPost = (_req: Request, res: Response) => jsonRpcRefusal(res, 405, 'use POST /mcp');
  app.get('/mcp', notPost);
  app.delete('/mcp', notPost);
  app.use(bodyErrors);
  const listener = createServer(app);
  const port = await listenOn(listener, options.port, HTTP_HOST);
  options.onListening?.(`http://${HTTP_HOST}:${port}/mcp`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      listener.close(() => resolve());
      listener.closeAllConnections();
    };
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
  });
}

// A body that is not JSON, or too large, as one JSON-RPC error: never express's HTML page.
function bodyErrors(error: Error & { type?: string }, _req: Request, res: Response, _next: NextFunction) {
  if (res.headersSent) return void res.end();
  const tooLarge = error.type === 'entity.too.large';
  const parse = error.type === 'entity.parse.failed' || error instanceof SyntaxError;
  const status = tooLarge ? 413 : parse ? 400 : 500;
  const code = parse ? -32700 : tooLarge ? -32600 : -32603;
  const message = tooLarge
    ? `request body over ${MAX_BODY_BYTES} bytes`
    : parse
      ? 'Parse error'
      : 'internal error';
  res.status(status).json({ jsonrpc: '2.0', id: null, error: { code, message } });
}

// The edge's refusals as JSON-RPC errors, as the SDK's own middleware shaped them.
function jsonRpcRefusal(res: ServerResponse, status: number, message: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
}
