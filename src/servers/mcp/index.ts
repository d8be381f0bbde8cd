/** The MCP server (issue 15): baton's tools, resources and prompts over stdio or Streamable HTTP. */
export { HTTP_HOST, type HttpOptions, serveHttp } from './http.js';
export { createMcpServer, type McpServerOptions } from './server.js';
export { serveStdio } from './stdio.js';
