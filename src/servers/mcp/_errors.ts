/**
 * Local errors to MCP tool errors: a baton error becomes `isError` with its code and one line,
 * so the agent can act on it and the server keeps serving. Anything else is a bug: the agent
 * gets one line, the stack goes to the server's log (stderr).
 */
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type BatonErrorCode, type ErrorKind, fromSystemError, isBatonError, kindOf } from '../../errors.js';

const oneLine = (text: string) => text.replace(/\s*\r?\n\s*/g, ' ').trim();

/** The code and one-line message of any error a handler threw. */
export function describeError(error: unknown): { code: BatonErrorCode; message: string } {
  const known = isBatonError(error) ? error : fromSystemError(error);
  if (known && kindOf(known.code) !== 'internal') {
    return {
      code: known.code,
      message: oneLine(known.hint ? `${known.message} (${known.hint})` : known.message),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: 'INTERNAL',
    message: oneLine(`internal error in baton (a bug, not your input): ${message}`),
  };
}

/** The tool result for an error: `isError`, `CODE: message`, and the code in `_meta`. */
export function toolError(error: unknown, log: (line: string) => void): CallToolResult {
  const { code, message } = describeError(error);
  if (code === 'INTERNAL') log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return {
    isError: true,
    content: [{ type: 'text', text: `${code}: ${message}` }],
    _meta: { 'baton/code': code },
  };
}

// JSON-RPC codes by kind, for resources and prompts (tools answer `isError` instead); -32002 is
// the code MCP gives a resource that does not exist.
const PROTOCOL_CODES: Readonly<Record<ErrorKind, number>> = {
  usage: ErrorCode.InvalidParams,
  'not-found': -32002,
  refused: ErrorCode.InvalidParams,
  unavailable: ErrorCode.InternalError,
  internal: ErrorCode.InternalError,
};

/** The JSON-RPC error for a resource or prompt that cannot be served: `CODE: message`. */
export function protocolError(error: unknown, log: (line: string) => void): McpError {
  const { code, message } = describeError(error);
  if (code === 'INTERNAL') log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return new McpError(PROTOCOL_CODES[kindOf(code)], `${code}: ${message}`, { code });
}
