/**
 * Requests checked before the SDK sees them, where the SDK answers against the MCP spec: params
 * that do not fit the method (`tools/call` with `arguments` a string) are `-32602` in one line,
 * not `-32603` with a multi-line zod dump (issue 20 item 8); a `tools/call` of a tool this server
 * does not have is the protocol error `-32602` the spec asks for, not an `isError` result. The
 * schemas are the SDK's own, so the check can only refuse what the SDK would have refused.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ClientRequestSchema, ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { toolNamesOf } from './_tool.js';

type RequestSchema = (typeof ClientRequestSchema.options)[number];

const BY_METHOD = new Map<string, RequestSchema>(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

/** Connects `server` to `transport` with the check in front of it. */
export async function connectChecked(server: McpServer, transport: Transport): Promise<void> {
  await server.connect(transport);
  checkRequests(transport, toolNamesOf(server));
}

// A refused request is answered here and never reaches the SDK; everything else goes on as before.
function checkRequests(transport: Transport, tools: ReadonlySet<string>): void {
  const inner = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const refusal = refusalOf(message, tools);
    if (refusal === undefined) return inner?.(message, extra);
    void transport.send(
      { jsonrpc: '2.0', id: refusal.id, error: { code: ErrorCode.InvalidParams, message: refusal.message } },
      { relatedRequestId: refusal.id },
    );
  };
}

function refusalOf(
  message: JSONRPCMessage,
  tools: ReadonlySet<string>,
): { id: string | number; message: string } | undefined {
  if (!('method' in message) || !('id' in message)) return undefined; // a notification or a response
  const schema = BY_METHOD.get(message.method);
  if (schema === undefined) return undefined; // the SDK answers an unknown method itself
  const parsed = schema.safeParse(message);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'params';
    return {
      id: message.id,
      message: `invalid ${message.method} request: ${where}: ${issue?.message ?? 'invalid'}`,
    };
  }
  const name = (message.params as { name?: unknown } | undefined)?.name;
  if (message.method === 'tools/call' && typeof name === 'string' && !tools.has(name)) {
    return {
      id: message.id,
      message: `no tool named ${JSON.stringify(name.slice(0, 100))} (see tools/list)`,
    };
  }
  return undefined;
}
