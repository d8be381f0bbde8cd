/**
 * The one HTTP edge of baton's three servers (the viewer, A2A, MCP over HTTP): where a server may
 * listen and what a failed listen says, which addresses are loopback, the Host-header check
 * against DNS rebinding, the bearer comparison, and the headers every answer carries. Each
 * server shapes its own refusal bodies; the decisions are made here, once (issue 22 item 3).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserError } from '../errors.js';

/** The shortest bearer token a server beyond loopback accepts, in bytes. */
const MIN_TOKEN_BYTES = 16;

/** Headers on every answer: no sniffing, no referrer, no framing, no cross-origin reads. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * True for an address or name only this machine can reach: `localhost`, all of 127.0.0.0/8,
 * `::1` (bracketed or not) and IPv4-mapped loopback.
 */
export function isLoopback(host: string): boolean {
  const h = (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host).toLowerCase();
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Refuses (`USAGE`, one line) to serve beyond loopback without a bearer token of at least
 * `MIN_TOKEN_BYTES` bytes in `variable`: a short one is guessed, none lets anyone in.
 */
export function requireToken(host: string, token: string | undefined, variable: string): void {
  if (isLoopback(host)) return;
  const bytes = token === undefined ? 0 : Buffer.byteLength(token);
  if (bytes >= MIN_TOKEN_BYTES) return;
  const got = bytes === 0 ? 'none is set' : `it holds ${bytes}`;
  throw new UserError(
    'USAGE',
    `serving on ${host} needs a bearer token of at least ${MIN_TOKEN_BYTES} bytes in ${variable} (${got})`,
    { hint: `export ${variable}=$(openssl rand -hex 32), and give it to the callers` },
  );
}

/** Listens on `host:port` and resolves with the port; a port it cannot have is `LISTEN_FAILED`. */
export function listenOn(server: Server, port: number, host: string, backlog = 511): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? 'is in use'
          : error.code === 'EACCES'
            ? 'is not allowed'
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? 'is not an address here'
              : `cannot be used (${error.code ?? error.message})`;
      reject(new UserError('LISTEN_FAILED', `port ${port} on ${host} ${why}`, { cause: error }));
    });
    server.listen(port, host, backlog, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * True when the request's Host header names this server. On loopback it must name loopback too:
 * a page elsewhere that rebinds its own name to 127.0.0.1 sends that name, and is refused.
 * Beyond loopback the bearer token is the guard.
 */
export function addressedHere(req: IncomingMessage, listenHost: string): boolean {
  if (!isLoopback(listenHost)) return true;
  const header = req.headers.host ?? '';
  const name = header.startsWith('[')
    ? header.slice(0, header.indexOf(']') + 1)
    : header.replace(/:\d+$/, '');
  return isLoopback(name);
}

/** True when two secrets are equal, in time that depends on neither (both are hashed first). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** True when the `Authorization` header is `Bearer <token>` (the scheme in any case). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1];
  return given !== undefined && sameSecret(given, token);
}

/** How a server answers a request the edge refuses: its own body, in its own protocol. */
export type Refuse = (res: ServerResponse, status: 401 | 421, message: string) => void;

/**
 * Middleware (express-style, plain Node request and response) for a server's every request: the
 * security headers, then 421 for a Host that does not name it, then 401 without the bearer token
 * when one is set.
 */
export function edgeGuard(options: { host: string; token?: string; refuse: Refuse }) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (!addressedHere(req, options.host)) {
      options.refuse(res, 421, 'misdirected request: the Host header does not name this server');
    } else if (options.token !== undefined && !bearerMatches(req.headers.authorization, options.token)) {
      res.setHeader('www-authenticate', 'Bearer');
      options.refuse(res, 401, 'unauthorized: a bearer token is required');
    } else next();
  };
}
