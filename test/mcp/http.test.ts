/**
 * `baton mcp --http`: the built binary serves Streamable HTTP on 127.0.0.1; the SDK client
 * calls tools over it; a request whose Host is not this machine is refused (DNS rebinding).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, baton, batonAsync, cleanEnv, DRAFT, hasStackTrace, Scratch } from '../e2e/_helpers.js';
import { countingGit } from '../support/counting-git.js';
import { call, ok, refused } from './_helpers.js';

const scratch = new Scratch();
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  scratch.cleanup();
});

function start(cwd: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0'], { cwd, env: cleanEnv(env) });
  children.push(child);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString('utf8');
      const m = /serving (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve({ child, url: new URL(m[1] as string) });
    });
    child.on('exit', (code) => reject(new Error(`baton mcp --http exited ${code}: ${err}`)));
  });
}

function post(url: URL, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          Host: host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('baton mcp --http', () => {
  it('serves the tools over Streamable HTTP on 127.0.0.1 and stops on SIGTERM', async () => {
    const repo = scratch.repo();
    const { child, url } = await start(repo.dir);
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url));
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(10);
    ok(await call(client, 'write_handoff', { draft: DRAFT }));
    expect(ok(await call(client, 'validate_handoff', {}))).toMatchObject({ verdict: 'VALID' });
    await refused(client, 'validate_handoff', { path: '/etc/hostname' }, 'PATH_OUTSIDE_REPOSITORY');
    await client.close();
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('keeps its git answers from one request to the next: an unchanged repository starts no git', async () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const git = countingGit(scratch.plain());
    const { url } = await start(repo.dir, { BATON_GIT: git.path });
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url));
    const validate = async () => ok(await call(client, 'validate_handoff', {})).verdict;
    expect(await validate()).toBe('VALID');
    // Past the margin within which stat data cannot be trusted (racy timestamps).
    await new Promise((r) => setTimeout(r, 250));
    expect(await validate()).toBe('VALID');
    const before = git.starts().length;
    for (let i = 0; i < 3; i++) expect(await validate()).toBe('VALID');
    expect(git.starts().length).toBe(before);
    repo.write('notes.txt', 'n\n');
    expect(await validate()).toBe('STALE');
    await client.close();
  });

  it('refuses a request whose Host header names another machine', async () => {
    const repo = scratch.repo();
    const { url } = await start(repo.dir);
    expect(await post(url, `evil.example:${url.port}`)).toBe(421);
    expect(await post(url, `127.0.0.1:${url.port}`)).toBe(200);
  });

  it('says in one line that a port is in use, without a stack', async () => {
    const repo = scratch.repo();
    const { url } = await start(repo.dir);
    const taken = await batonAsync(['mcp', '--http', '--port', url.port], { cwd: repo.dir });
    expect(taken.status).toBe(1);
    expect(taken.errLines[0]).toBe(`baton: port ${url.port} on 127.0.0.1 is in use`);
    expect(hasStackTrace(taken.stderr)).toBe(false);
  });

  it('refuses --port without --http and a port that is not one', async () => {
    const repo = scratch.repo();
    expect(baton(['mcp', '--port', '80'], { cwd: repo.dir }).status).toBe(64);
    const bad = baton(['mcp', '--http', '--port', '99999'], { cwd: repo.dir });
    expect(bad.status).toBe(64);
    expect(bad.stderr).toContain('--port must be');
  });
});
