/** Serving over stdio: stdout carries only protocol frames, everything else goes to stderr. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions } from './server.js';

/** Serves on this process's stdin and stdout until the client closes stdin. */
export async function serveStdio(options: McpServerOptions): Promise<void> {
  // A stray console message anywhere would corrupt the protocol stream: send them all to stderr.
  for (const method of ['log', 'info', 'debug'] as const) console[method] = console.error;
  const server = createMcpServer(options);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => {
      void server.close();
    });
  });
  await server.connect(new StdioServerTransport());
  await closed;
}
