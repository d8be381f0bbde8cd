/**
 * `baton serve a2a`: the SDK's JSON-RPC transport and agent card on express 5, the executor over
 * baton's library, the tasks in baton's store. Loopback by default; any other host needs a
 * bearer token, checked on every request (the card included).
 */
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DefaultRequestHandler } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { JSONRPC } from '../../a2a/errors.js';
import type { Agent } from '../../agents/types.js';
import { UserError } from '../../errors.js';
import type { Store } from '../../store/types.js';
import { agentCard } from './card.js';
import { handoffExecutor } from './executor.js';
import { storeTaskStore } from './task-store.js';

/** The largest request body read (a handoff part is capped far below this). */
const MAX_BODY_BYTES = 1024 * 1024;

/** Options of `startA2AServer`. */
export interface A2AServerOptions {
  root: string;
  store: Store;
  host?: string;
  port?: number;
  /** Required unless the host is loopback; when set it is checked on every request. */
  token?: string;
  agent?: Agent;
  version: string;
  repository?: string;
  /** The URL senders reach the server at, for the card (default: the address it listens on). */
  publicUrl?: string;
  afterArchive?: () => void;
}

/** A running server. */
export interface A2AServer {
  /** The JSON-RPC endpoint (`http://host:port/`), also the base of the agent card. */
  url: string;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Starts the server; resolves once it listens. */
export async function startA2AServer(options: A2AServerOptions): Promise<A2AServer> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && !options.token) {
    throw new UserError('A2A_CONFIG', `serving on ${host} needs a bearer token`, {
      hint: 'set BATON_A2A_TOKEN to a long random secret, and give it to the senders',
    });
  }
  const app = express();
  app.disable('x-powered-by');
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    // A deep accept queue: verification blocks the loop for milliseconds at a time (git), and a
    // burst of senders must queue, not have their connections dropped and retried seconds later.
    const s = app.listen(options.port ?? 0, host, 4096, (error?: Error) =>
      error ? reject(error) : resolve(s),
    );
    s.on('error', reject);
  }).catch((error: NodeJS.ErrnoException) => {
    throw new UserError(
      'A2A_CONFIG',
      `cannot listen on ${host}:${options.port ?? 0}: ${error.code ?? error.message}`,
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = options.publicUrl
    ? options.publicUrl.replace(/\/?$/, '/')
    : `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  const card = agentCard({
    url,
    version: options.version,
    token: Boolean(options.token),
    agent: Boolean(options.agent),
    ...(options.repository ? { repository: options.repository } : {}),
  });
  const executor = handoffExecutor({
    root: options.root,
    store: options.store,
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.afterArchive ? { afterArchive: options.afterArchive } : {}),
  });
  const handler = new DefaultRequestHandler(card, storeTaskStore(options.store), executor);
  if (options.token) app.use(bearer(options.token));
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use(express.json({ limit: MAX_BODY_BYTES }));
  app.use('/rest', restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  app.use(finalErrors);
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function bearer(token: string) {
  const want = Buffer.from(`Bearer ${token}`);
  return (req: Request, res: Response, next: NextFunction) => {
    const got = Buffer.from(req.header('authorization') ?? '');
    if (got.length === want.length && timingSafeEqual(got, want)) return next();
    res
      .status(401)
      .set('WWW-Authenticate', 'Bearer')
      .json({
        jsonrpc: '2.0',
        id: null,
        error: { code: JSONRPC.UNAUTHORIZED, message: 'unauthorized: a bearer token is required' },
      });
  };
}

// What express would otherwise answer with a page (and, outside production, a stack trace).
function finalErrors(
  error: Error & { status?: number; type?: string },
  _req: Request,
  res: Response,
  _next: NextFunction,
) {
  const tooLarge = error.type === 'entity.too.large';
  const parse = error.type === 'entity.parse.failed' || error instanceof SyntaxError;
  const status = tooLarge ? 413 : parse ? 200 : (error.status ?? 500);
  const code = parse
    ? JSONRPC.PARSE_ERROR
    : tooLarge || status < 500
      ? JSONRPC.INVALID_REQUEST
      : JSONRPC.INTERNAL;
  const message = tooLarge
    ? `request body over ${MAX_BODY_BYTES} bytes`
    : parse
      ? 'Invalid JSON payload.'
      : status < 500
        ? error.message.split('\n')[0]
        : 'internal error';
  if (res.headersSent) return;
  res.status(status).json({ jsonrpc: '2.0', id: null, error: { code, message } });
}
