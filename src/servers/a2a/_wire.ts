/**
 * Requests checked on the wire before the SDK reads them, where the SDK answers against the
 * specs or cannot answer at all: an invalid JSON-RPC envelope is `-32600` (the SDK says `-32602`),
 * a body of another media type is `-32005` over JSON-RPC and `415` over REST (the SDK says
 * `400`), REST answers are `application/json` (the SDK says `application/a2a+json`), and a data
 * part nested deeper than a handoff ever is gets replaced by a marker the executor refuses as a
 * task (the SDK's own copies of the message overflowed the stack on it: `-32603`, nothing
 * recorded; issue 20 item 5).
 */
import type { NextFunction, Request, Response } from 'express';
import { JSONRPC } from '../../a2a/errors.js';
import { MAX_DATA_DEPTH, TOO_DEEP } from './parts.js';

// Anything else in a request (metadata, history) nested deeper than this is refused outright.
const MAX_BODY_DEPTH = 2 * MAX_DATA_DEPTH;

/**
 * A JSON-RPC request at `/` that is not JSON (`-32005` ContentTypeNotSupported), or not a
 * JSON-RPC 2.0 request object (`-32600`, with its id if it has one).
 */
export function jsonRpcEnvelope(req: Request, res: Response, next: NextFunction) {
  if (req.method !== 'POST' || req.path !== '/') return next();
  const type = mediaTypeOf(req);
  if (type !== '' && type !== 'application/json' && type !== 'application/a2a+json') {
    const message = `Unsupported Content-Type "${type.slice(0, 80)}"; expected application/json`;
    return rpcError(res, null, CONTENT_TYPE_NOT_SUPPORTED, message);
  }
  const body = req.body as Record<string, unknown> | undefined;
  const why = envelopeProblem(body);
  if (why === undefined) return next();
  const id = typeof body?.id === 'string' || typeof body?.id === 'number' ? body.id : null;
  rpcError(res, id, JSONRPC.INVALID_REQUEST, `Invalid Request: ${why}`);
}

// A2A's JSON-RPC code for a media type it does not take (spec §5.4).
const CONTENT_TYPE_NOT_SUPPORTED = -32005;

function rpcError(res: Response, id: string | number | null, code: number, message: string): void {
  res.status(200).json({ jsonrpc: '2.0', id, error: { code, message } });
}

function mediaTypeOf(req: Request): string {
  return (req.header('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

function envelopeProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'the body must be one JSON-RPC request object (batches are not served)';
  }
  const b = body as Record<string, unknown>;
  if (b.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"';
  if (typeof b.method !== 'string' || b.method === '') return 'method must be a string';
  if ('id' in b && b.id !== null && typeof b.id !== 'string' && typeof b.id !== 'number') {
    return 'id must be a string, a number or null';
  }
  return undefined;
}

/** A REST request with a body that is not JSON: `415 Unsupported Media Type`, as the spec says. */
export function restMediaType(req: Request, res: Response, next: NextFunction) {
  const type = mediaTypeOf(req);
  if (type === '' || type === 'application/json' || type === 'application/a2a+json') return next();
  const message = `Unsupported Content-Type "${type.slice(0, 80)}"; expected application/json or application/a2a+json.`;
  restError(res, 415, 'CONTENT_TYPE_NOT_SUPPORTED', message);
}

/**
 * REST answers as `application/json`, as the spec's HTTP+JSON binding says (§11.1); the SDK
 * labels them `application/a2a+json`, the media type of the spec's examples.
 */
export function restJsonAnswers(_req: Request, res: Response, next: NextFunction) {
  const set = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    set(
      name,
      name.toLowerCase() === 'content-type'
        ? String(value).replace('application/a2a+json', 'application/json')
        : value,
    );
  next();
}

/**
 * Replaces each message part's data nested deeper than `MAX_DATA_DEPTH` with the `TOO_DEEP`
 * marker (the executor refuses it as a task), and refuses a request nested deeper than that
 * anywhere else (`-32600`, or `400` over REST). Both bindings: `params.message` and `message`.
 */
export function deepParts(req: Request, res: Response, next: NextFunction) {
  const body = req.body as Record<string, unknown> | undefined;
  const params = body?.params as Record<string, unknown> | undefined;
  const message = (params?.message ?? body?.message) as { parts?: unknown } | undefined;
  if (Array.isArray(message?.parts)) {
    for (const part of message.parts as Record<string, unknown>[]) {
      if (part && typeof part === 'object' && deeperThan(part.data, MAX_DATA_DEPTH)) {
        part.data = { [TOO_DEEP]: MAX_DATA_DEPTH };
      }
    }
  }
  if (!deeperThan(body, MAX_BODY_DEPTH)) return next();
  const why = `the request is nested deeper than ${MAX_BODY_DEPTH} levels`;
  if (req.path.startsWith('/rest')) return restError(res, 400, 'INVALID_REQUEST', why);
  rpcError(res, null, JSONRPC.INVALID_REQUEST, `Invalid Request: ${why}`);
}

// Iterative, so that measuring a hostile value cannot overflow the stack either.
function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

// The REST binding's error body, as the SDK's own (google.rpc.Status with an ErrorInfo).
function restError(res: Response, status: number, reason: string, message: string): void {
  const details = [
    { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' },
  ];
  res
    .status(status)
    .type('application/json')
    .json({ error: { code: status, status: 'INVALID_ARGUMENT', message, details } });
}
