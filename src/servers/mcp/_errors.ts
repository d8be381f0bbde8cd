/**
 * Local errors to MCP tool errors: a baton error becomes `isError` with its code and one line,
 * so the agent can act on it and the server keeps serving. Anything else is a bug: the agent
 * gets one line, the stack goes to the server's log (stderr).
 */
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type BatonErrorCode, isBatonError } from '../../errors.js';

// The machine refusing a file operation: the file's problem, not baton's.
const FILE_ERRORS: Readonly<Record<string, BatonErrorCode>> = {
  ENOENT: 'FILE_NOT_FOUND',
  EISDIR: 'FILE_IS_DIRECTORY',
  ENOTDIR: 'FILE_NOT_FOUND',
  EACCES: 'FILE_UNREADABLE',
  EPERM: 'FILE_UNREADABLE',
  ELOOP: 'FILE_UNREADABLE',
  ENOSPC: 'FILE_WRITE_FAILED',
  EROFS: 'FILE_WRITE_FAILED',
};

const oneLine = (text: string) => text.replace(/\s*\r?\n\s*/g, ' ').trim();

/** The code and one-line message of any error a handler threw. */
export function describeError(error: unknown): { code: BatonErrorCode; message: string } {
  if (isBatonError(error) && error.code !== 'INTERNAL') {
    return {
      code: error.code,
      message: oneLine(error.hint ? `${error.message} (${error.hint})` : error.message),
    };
  }
  const sys = error as NodeJS.ErrnoException;
  const code = typeof sys?.code === 'string' ? FILE_ERRORS[sys.code] : undefined;
  if (code && typeof sys.syscall === 'string') {
    return { code, message: oneLine(`${sys.syscall} ${sys.path ?? ''} failed: ${sys.code}`) };
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

/** The JSON-RPC error for a resource or prompt that cannot be served: `CODE: message`. */
export function protocolError(error: unknown, log: (line: string) => void): McpError {
  const { code, message } = describeError(error);
  if (code === 'INTERNAL') {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return new McpError(ErrorCode.InternalError, `${code}: ${message}`, { code });
  }
  // -32002 is the code MCP gives a resource that does not exist.
  const notFound = code === 'FILE_NOT_FOUND' || code === 'STORE_NOT_FOUND' || code === 'RUN_NOT_FOUND';
  return new McpError(notFound ? -32002 : ErrorCode.InvalidParams, `${code}: ${message}`, { code });
}
