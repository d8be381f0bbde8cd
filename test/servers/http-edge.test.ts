/**
 * The one HTTP edge (issue 22 item 3, issue 20 items 7 and 9), against the three BUILT servers
 * as real processes: a foreign Host header is refused on loopback by all three (A2A answered
 * anyone before: DNS rebinding), a token under 16 bytes beyond loopback is refused by both that
 * take one, a port that cannot be had is LISTEN_FAILED for all three, all of 127.0.0.0/8 is
 * loopback for all, and every answer carries the same security headers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressedHere, bearerMatches, isLoopback, sameSecret } from '../../src/servers/_http.js';
import { makePair, type Pair, type Served, sdkClient, serve } from '../a2a/_helpers.js';
import { BIN, baton, batonAsync, cleanEnv, hasStackTrace } from '../e2e/_helpers.js';

let pair: Pair;
let a2a: Served;
const children: ChildProcess[] = [];

beforeAll(async () => {
  pair = makePair();
  a2a = await serve(pair.receiver);
});

afterAll(async () => {
  await a2a?.stop();
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  pair?.cleanup();
});

// Starts a built server in the receiver checkout and waits for the URL it prints.
function start(args: string[], pattern: RegExp, stream: 'stdout' | 'stderr'): Promise<URL> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: pair.receiver, env: cleanEnv() });
  children.push(child);
  return new Promise((resolve, reject) => {
    let text = '';
    child[stream]?.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      const m = pattern.exec(text);
      if (m) resolve(new URL(m[1] as string));
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${text}`)));
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function ask(url: URL, host: string, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          Host: host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

describe('the Host header on loopback (DNS rebinding)', () => {
  it('baton serve a2a refuses a foreign Host with 421, on the card and on JSON-RPC, and runs nothing', async () => {
    const url = new URL(a2a.url);
    const card = new URL('.well-known/agent-card.json', url);
    for (const host of ['attacker.example', `attacker.example:${url.port}`, `127.0.0.1.nip.io:${url.port}`]) {
      const refused = await ask(card, host);
      expect(refused.status, host).toBe(421);
      expect(JSON.parse(refused.body).error.message).toMatch(/misdirected/);
      const rpc = await ask(url, host, 'POST', PING);
      expect(rpc.status).toBe(421);
    }
    for (const host of [`127.0.0.1:${url.port}`, `localhost:${url.port}`, `127.9.9.9:${url.port}`]) {
      expect((await ask(card, host)).status, host).toBe(200);
    }
    // The SDK's client, which names the server as the card does, still works.
    const client = await sdkClient(a2a.url);
    expect((await client.getAgentCard()).name).toBeTruthy();
  });

  it('the viewer and baton mcp --http refuse it the same way', async () => {
    const web = await start(['serve', 'web', '--port', '0'], /baton viewer: (http:\S+)/, 'stdout');
    const mcp = await start(['mcp', '--http', '--port', '0'], /serving (http:\/\/\S+\/mcp)/, 'stderr');
    expect((await ask(new URL('/api/runs', web), `evil.example:${web.port}`)).status).toBe(421);
    expect((await ask(mcp, `evil.example:${mcp.port}`, 'POST', PING)).status).toBe(421);
    expect((await ask(new URL('/api/runs', web), `127.0.0.1:${web.port}`)).status).toBe(200);
    expect((await ask(mcp, `127.0.0.1:${mcp.port}`, 'POST', PING)).status).toBe(200);
  });
});

describe('the same headers on every answer', () => {
  it('all three servers send nosniff, no referrer, no framing and same-origin resources', async () => {
    const web = await start(['serve', 'web', '--port', '0'], /baton viewer: (http:\S+)/, 'stdout');
    const mcp = await start(['mcp', '--http', '--port', '0'], /serving (http:\/\/\S+\/mcp)/, 'stderr');
    const a2aUrl = new URL(a2a.url);
    const answers = [
      await ask(new URL('.well-known/agent-card.json', a2aUrl), a2aUrl.host),
      await ask(a2aUrl, a2aUrl.host, 'POST', '{'),
      await ask(new URL('.well-known/agent-card.json', a2aUrl), 'evil.example'),
      await ask(mcp, mcp.host, 'POST', PING),
      await ask(mcp, 'evil.example', 'POST', PING),
      await ask(new URL('/api/runs', web), web.host),
      await ask(new URL('/', web), web.host),
    ];
    for (const a of answers) {
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['referrer-policy']).toBe('no-referrer');
      expect(a.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(String(a.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/);
      expect(a.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('tokens beyond loopback', () => {
  it('a token under 16 bytes is refused by serve a2a and serve web, in one line, exit 64', () => {
    for (const [args, variable] of [
      [['serve', 'a2a', '--host', '0.0.0.0', '--port', '0'], 'BATON_A2A_TOKEN'],
      [['serve', 'web', '--host', '0.0.0.0', '--port', '0'], 'BATON_WEB_TOKEN'],
    ] as const) {
      for (const token of ['a', '0123456789abcde']) {
        const r = baton([...args], { cwd: pair.receiver, env: { [variable]: token }, timeoutMs: 10_000 });
        expect(r.status, `${variable}=${token}`).toBe(64);
        expect(r.errLines[0]).toMatch(new RegExp(`at least 16 bytes in ${variable}`));
        expect(hasStackTrace(r.stderr)).toBe(false);
      }
    }
  });

  it('a 16-byte token is enough, and is checked on every request', async () => {
    const served = await serve(pair.receiver, ['--host', '0.0.0.0'], { BATON_A2A_TOKEN: '0123456789abcdef' });
    try {
      const card = `${served.url.replace('0.0.0.0', '127.0.0.1')}.well-known/agent-card.json`;
      expect((await fetch(card)).status).toBe(401);
      expect((await fetch(card, { headers: { authorization: 'Bearer 0123456789abcdeX' } })).status).toBe(401);
      expect((await fetch(card, { headers: { authorization: 'bearer 0123456789abcdef' } })).status).toBe(200);
    } finally {
      await served.stop();
    }
  });

  it('all of 127.0.0.0/8 is loopback: serve a2a on 127.0.0.2 needs no token', async () => {
    const served = await serve(pair.receiver, ['--host', '127.0.0.2']);
    try {
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/$/);
    } finally {
      await served.stop();
    }
  });
});

describe('a port that cannot be had', () => {
  it('is LISTEN_FAILED for all three: one line, exit 1', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = String((taken.address() as { port: number }).port);
    try {
      for (const args of [
        ['serve', 'a2a', '--port', port],
        ['serve', 'web', '--port', port],
        ['mcp', '--http', '--port', port],
      ]) {
        const r = await batonAsync(args, { cwd: pair.receiver });
        expect(r.status, args.join(' ')).toBe(1);
        expect(r.errLines).toEqual([`baton: port ${port} on 127.0.0.1 is in use`]);
      }
    } finally {
      taken.close();
    }
  });
});

describe('the edge functions', () => {
  it('one loopback rule, one Host check, one bearer comparison', () => {
    for (const h of [
      'localhost',
      'LOCALHOST',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopback(h), h).toBe(true);
    }
    for (const h of [
      '0.0.0.0',
      '10.0.0.1',
      '128.0.0.1',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      '::',
    ]) {
      expect(isLoopback(h), h).toBe(false);
    }
    const req = (host: string) => ({ headers: { host } }) as never;
    expect(addressedHere(req('[::1]:80'), '127.0.0.1')).toBe(true);
    expect(addressedHere(req('evil.example'), '127.0.0.1')).toBe(false);
    expect(addressedHere(req('evil.example'), '0.0.0.0')).toBe(true);
    expect(sameSecret('a', 'a')).toBe(true);
    expect(sameSecret('a', 'ab')).toBe(false);
    expect(bearerMatches('Bearer tok', 'tok')).toBe(true);
    expect(bearerMatches('Basic tok', 'tok')).toBe(false);
    expect(bearerMatches(undefined, 'tok')).toBe(false);
  });
});
