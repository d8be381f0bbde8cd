/**
 * Local errors and wire errors, mapped in one place: baton's errors as the A2A errors the SDK
 * sends (JSON-RPC codes), and what the SDK's client throws as baton's errors (exit codes).
 */
import { A2AError, RequestMalformedError } from '@a2a-js/sdk/errors';
import { type BatonError, isBatonError, kindOf, UserError } from '../errors.js';

/** JSON-RPC codes the server's own middleware answers with (the SDK answers the rest). */
export const JSONRPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  INTERNAL: -32603,
  UNAUTHORIZED: -32001,
} as const;

/**
 * A baton error thrown under the SDK (a store that is down, bad input) as the A2A error to send:
 * a usage error is the request's fault (malformed); every other kind is the server's answer,
 * sent with its code so the peer can tell them apart.
 */
export function toA2AError(error: unknown): unknown {
  if (!isBatonError(error)) return error;
  const e = error as BatonError;
  if (kindOf(e.code) === 'usage') return new RequestMalformedError(e.message);
  return new A2AError(`${e.code}: ${e.message}`);
}

/** What went wrong on the client side, as a baton error with its exit code. */
export function fromClientError(error: unknown, url: string, timeoutMs: number): BatonError {
  if (isBatonError(error)) return error as BatonError;
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') {
    return new UserError('A2A_NO_ACK', `no ACK from ${url} within ${timeoutMs / 1000} s`);
  }
  const cause = e?.cause?.code ?? '';
  if (
    /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET|EAI_AGAIN|UND_ERR_SOCKET/.test(cause) ||
    e?.message === 'fetch failed'
  ) {
    return new UserError('A2A_UNREACHABLE', `cannot reach ${url}: ${cause || e.message}`);
  }
  const message = (e?.message ?? String(error)).split('\n')[0] as string;
  if (/\b401\b|unauthori[sz]ed/i.test(message)) {
    return new UserError('A2A_PROTOCOL', `${url} refused the request: unauthorized (set BATON_A2A_TOKEN)`);
  }
  return new UserError('A2A_PROTOCOL', `${url} answered with an error: ${message.slice(0, 300)}`);
}
