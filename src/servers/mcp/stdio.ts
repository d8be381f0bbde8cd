/** Serving over stdio: stdout carries only protocol frames, everything else goes to stderr. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { UserError } from '../../errors.js';
import { connectChecked } from './_requests.js';
import { createMcpServer, type McpServerOptions, mcpContext } from './server.js';

/** The largest frame read from stdin: the SDK's own read buffer (10 MiB), named so it can be said. */
const MAX_FRAME_BYTES = 10 * 1024 * 1024;

/**
 * Serves on this process's stdin and stdout until the client closes stdin. A frame over
 * `MAX_FRAME_BYTES` ends the server with `FRAME_TOO_LARGE` (the SDK closes the stream on it; it
 * ended with exit 0 and nothing said before).
 */
export async function serveStdio(options: McpServerOptions): Promise<void> {
  // A stray console message anywhere would corrupt the protocol stream: send them all to stderr.
  for (const method of ['log', 'info', 'debug'] as const) console[method] = console.error;
  const ctx = mcpContext(options);
  const server = createMcpServer(options, ctx);
  const { log } = ctx;
  const transport = new StdioServerTransport(process.stdin, process.stdout, {
    maxBufferSize: MAX_FRAME_BYTES,
  });
  let overflow = false;
  transport.onerror = (error) => {
    if (/ReadBuffer exceeded maximum size/.test(error.message)) overflow = true;
    // The SDK drops a line it cannot read as a JSON-RPC message without an answer: say so.
    else if (error.name === 'ZodError' || error instanceof SyntaxError) {
      log('ignored a line on stdin that is not a JSON-RPC message');
    }
  };
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => {
      void server.close();
    });
  });
  await connectChecked(server, transport);
  await closed;
  if (overflow) {
    throw new UserError(
      'FRAME_TOO_LARGE',
      `a message on stdin is over the ${MAX_FRAME_BYTES}-byte (10 MiB) frame limit: the server stopped (send a large text by path)`,
    );
  }
}
