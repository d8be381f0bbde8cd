/**
 * `baton serve a2a`: the SDK's JSON-RPC transport and agent card on express 5, the executor over
 * baton's library, the tasks in baton's store, behind the one HTTP edge (servers/_http.ts):
 * loopback by default, answering only Host headers that name loopback there; any other host
 * needs a bearer token of 16 bytes or more, checked on every request (the card included).
 */
import { createServer, type ServerResponse } from 'node:http';
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { JSONRPC } from '../../a2a/errors.js';
import type { Agent } from '../../agents/types.js';
import type { Store } from '../../store/types.js';
import { edgeGuard, listenOn, requireToken } from '../_http.js';
import { HandoffRequestHandler } from './_handler.js';
import { deepParts, jsonRpcEnvelope, restJsonAnswers, restMediaType } from './_wire.js';
import { agentCard } from './card.js';
import { handoffExecutor } from './executor.js';
import { storeTaskStore, withNewTasks } from './task-store.js';

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

/** Starts the server; resolves once it listens. */
export async function startA2AServer(options: A2AServerOptions): Promise<A2AServer> {
  const host = options.host ?? '127.0.0.1';
  requireToken(host, options.token, 'BATON_A2A_TOKEN');
  const app = express();
  app.disable('x-powered-by');
  const server = createServer(app);
  // A deep accept queue: verification blocks the loop for milliseconds at a time (git), and a
  // burst of senders must queue, not have their connections dropped and retried seconds later.
  const port = await listenOn(server, options.port ?? 0, host, 4096);
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
  const tasks = storeTaskStore(options.store);
  const handler = new HandoffRequestHandler(card, tasks, withNewTasks(executor, tasks));
  app.use(edgeGuard({ host, ...(options.token ? { token: options.token } : {}), refuse }));
  // The card changes only when the server restarts: say since when, for caches (spec §8.6.1).
  const cardSince = new Date().toUTCString();
  app.use('/.well-known/agent-card.json', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('last-modified', cardSince);
    next();
  });
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  // Both media types the bindings take, and any JSON value: the envelope check answers for it.
  app.use(
    express.json({
      limit: MAX_BODY_BYTES,
      type: ['application/json', 'application/a2a+json'],
      strict: false,
    }),
  );
  app.use(deepParts);
  const users = { requestHandler: handler, userBuilder: UserBuilder.noAuthentication };
  app.use('/rest', restMediaType, restJsonAnswers, restHandler(users));
  app.use('/', jsonRpcEnvelope, jsonRpcHandler(users));
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

// The edge's refusals as JSON-RPC errors (the card's requests get the same body).
function refuse(res: ServerResponse, status: 401 | 421, message: string): void {
  const code = status === 401 ? JSONRPC.UNAUTHORIZED : JSONRPC.INVALID_REQUEST;
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
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
