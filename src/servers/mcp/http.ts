/**
 * Serving over Streamable HTTP on 127.0.0.1, for a server a team shares: the SDK's Express app
 * with its DNS-rebinding protection (only Host headers naming this machine are answered), and
 * a fresh stateless server for each request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserError } from '../../errors.js';
import { createMcpServer, type McpServerOptions } from './server.js';

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

/** Serves `POST /mcp` until the signal aborts. */
export async function serveHttp(options: HttpOptions): Promise<void> {
  // Express (through the SDK) is loaded only here, so that a stdio server never loads it.
  const { createMcpExpressApp } = await import('@modelcontextprotocol/sdk/server/express.js');
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );
  const app = createMcpExpressApp({ host: HTTP_HOST });
  // Express types are not installed: its request and response are Node's, with the parsed body.
  app.post('/mcp', async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const server = createMcpServer(options);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  const refuse = (_req: unknown, res: { status(n: number): { json(v: unknown): void } }) =>
    res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'use POST /mcp' }, id: null });
  app.get('/mcp', refuse);
  app.delete('/mcp', refuse);
  await new Promise<void>((resolve, reject) => {
    // Express 5 hands a failed listen to this callback (and to 'error' before it was set).
    const listener = app.listen(options.port, HTTP_HOST, (error?: NodeJS.ErrnoException) => {
      if (error) return reject(listenFailed(options.port, error));
      const { port } = listener.address() as AddressInfo;
      options.onListening?.(`http://${HTTP_HOST}:${port}/mcp`);
    });
    listener.on('error', (error: NodeJS.ErrnoException) => reject(listenFailed(options.port, error)));
    const stop = () => listener.close(() => resolve());
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
  });
}

function listenFailed(port: number, error: NodeJS.ErrnoException): UserError {
  const why = error.code === 'EADDRINUSE' ? 'is in use' : `cannot be used (${error.code ?? error.message})`;
  return new UserError('LISTEN_FAILED', `port ${port} on ${HTTP_HOST} ${why}`, {
    hint: 'pick another --port, or 0 for a free one',
    cause: error,
  });
}
