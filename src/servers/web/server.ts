/**
 * The viewer's HTTP server (node:http, no framework): static assets built into the package, a
 * small JSON API over the library, and a server-sent event stream of a run's new events. Every
 * response carries a strict Content-Security-Policy; the page loads nothing from elsewhere.
 * On loopback it answers only requests addressed to loopback (against DNS rebinding); on any
 * other address it needs the token, as `Authorization: Bearer <token>` or the cookie that
 * `/?token=<token>` sets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { GitAnswers } from '../../provenance/index.js';
import type { Store } from '../../store/types.js';
import {
  addressedHere,
  bearerMatches,
  SECURITY_HEADERS as EDGE_HEADERS,
  listenOn,
  requireToken,
  sameSecret,
} from '../_http.js';
import { type Coding, chooseCoding, compressNow } from './_encoding.js';
import { httpError } from './_errors.js';
import { type ApiContext, routeApi } from './api.js';
import { staticAsset } from './assets.js';
import { RunEventsCache } from './runs-cache.js';
import { streamRunEvents } from './stream.js';

/** Options of `startWebServer`. */
export interface WebServerOptions {
  /** The repository whose handoffs are validated "now" and whose boot context is shown. */
  root: string;
  store: Store;
  port?: number;
  host?: string;
  /** Required when `host` is not a loopback address. */
  token?: string;
  /** How often a live stream asks the store for new events (ms). */
  pollMs?: number;
}

/** A running viewer. */
export interface WebServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// The edge's headers, with the page's own policy: scripts, styles and images from here only.
const SECURITY_HEADERS = { ...EDGE_HEADERS, 'content-security-policy': CSP };

/** Starts the viewer; resolves once it listens. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  requireToken(host, options.token, 'BATON_WEB_TOKEN');
  const ctx: ApiContext = {
    root: options.root,
    store: options.store,
    events: new RunEventsCache(options.store),
    git: new GitAnswers(),
  };
  const server = createServer((req, res) => {
    handle(req, res, ctx, { ...options, host }).catch((error: unknown) => send(res, ...httpError(error)));
  });
  const port = await listenOn(server, options.port ?? 7474, host);
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: ApiContext,
  options: WebServerOptions & { host: string },
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://viewer.invalid');
  if (!addressedHere(req, options.host)) return send(res, 421, { error: 'misdirected request' });
  if (options.token) {
    const given = url.searchParams.get('token');
    if (given !== null && sameSecret(given, options.token)) {
      res.writeHead(303, {
        ...SECURITY_HEADERS,
        location: url.pathname,
        'set-cookie': `baton_token=${encodeURIComponent(options.token)}; HttpOnly; SameSite=Strict; Path=/`,
      });
      return void res.end();
    }
    if (!authorised(req, options.token)) return send(res, 401, { error: 'a token is needed' });
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'read only' });
  if (url.pathname.startsWith('/api/')) {
    const live = /^\/api\/runs\/([^/]+)\/stream$/.exec(url.pathname);
    if (live) {
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      const after = Number(url.searchParams.get('after') ?? req.headers['last-event-id'] ?? 0) || 0;
      return streamRunEvents(ctx.store, decodeURIComponent(live[1] as string), after, res, options.pollMs);
    }
    const result = await routeApi(ctx, url);
    return send(res, result.status, result.body, chooseCoding(req.headers['accept-encoding'], ['gzip']));
  }
  const asset = staticAsset(url.pathname);
  const coding = chooseCoding(req.headers['accept-encoding'], ASSET_CODINGS);
  const body = coding ? asset.encoded(coding) : asset.body;
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': asset.type,
    'content-length': body.length,
    'cache-control': asset.immutable ? 'public, max-age=3600' : 'no-cache',
    vary: 'accept-encoding',
    ...(coding ? { 'content-encoding': coding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

// Brotli first: the page's script and style are a fifth of their size in it, a little less in gzip.
const ASSET_CODINGS = ['br', 'gzip'] as const;

function authorised(req: IncomingMessage, token: string): boolean {
  if (bearerMatches(req.headers.authorization, token)) return true;
  const cookie = /(?:^|;\s*)baton_token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (cookie === undefined) return false;
  try {
    return sameSecret(decodeURIComponent(cookie), token);
  } catch {
    return false; // not percent-encoding: not the cookie the viewer set
  }
}

function send(res: ServerResponse, status: number, body: unknown, coding?: Coding): void {
  if (res.headersSent) return void res.end();
  const text = Buffer.from(JSON.stringify(body));
  // Small answers are not worth a compressor's time; run timelines and handoff lists compress tenfold.
  const zipped = coding === 'gzip' && text.length > 1024;
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    vary: 'accept-encoding',
    ...(zipped ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(zipped ? compressNow(text) : text);
}
