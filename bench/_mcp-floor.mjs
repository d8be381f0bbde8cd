// The MCP floor of bench/servers.mjs: the SDK's McpServer over stdio with one tool of the same
// name as baton's, `validate_handoff`, that answers at once without reading anything.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'floor', version: '1' });
server.registerTool(
  'validate_handoff',
  {
    description: 'answers VALID at once',
    inputSchema: { path: z.string().optional() },
    outputSchema: { verdict: z.string(), exitCode: z.number() },
  },
  async () => ({
    content: [{ type: 'text', text: 'VALID (exit 0)' }],
    structuredContent: { verdict: 'VALID', exitCode: 0 },
  }),
);
await server.connect(new StdioServerTransport());
