/**
 * Error codes are classified once (src/errors.ts) and every transport maps the kind: the CLI's
 * exit code, MCP's JSON-RPC code, the viewer's HTTP status. One wrong input gets the same kind
 * of answer from each.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_KINDS, fromSystemError, kindOf } from '../../src/errors.js';
import { startWebServer } from '../../src/servers/web/index.js';
import type { Store } from '../../src/store/types.js';
import { connectMemory } from '../mcp/_helpers.js';
import { baton, hasStackTrace, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const status = (port: number, path: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

// JSON-RPC code of a resource read that fails.
async function resourceError(dir: string, uri: string): Promise<{ code: number; message: string }> {
  const mcp = await connectMemory(dir);
  try {
    await mcp.client.readResource({ uri });
    return { code: 0, message: '' };
  } catch (error) {
    const e = error as { code: number; message: string };
    return { code: e.code, message: e.message };
  } finally {
    await mcp.close();
  }
}

describe('one kind per error code, mapped by each transport', () => {
  it('every code has one of the five kinds', () => {
    const kinds = new Set(Object.values(ERROR_KINDS));
    expect([...kinds].sort()).toEqual(['internal', 'not-found', 'refused', 'unavailable', 'usage']);
    expect(kindOf('INTERNAL')).toBe('internal');
    expect(kindOf('STORE_BAD_INPUT')).toBe('usage');
  });

  it('an empty id is a usage error everywhere: exit 64 from the CLI, as the viewer says 400', () => {
    const repo = scratch.repo();
    const r = baton(['show', ''], { cwd: repo.dir });
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.errLines).toEqual(['baton: give a handoff id or the start of one']);
    expect(r.status).toBe(64);
  });

  it('a missing run is not-found: exit 1, JSON-RPC -32002, HTTP 404', async () => {
    const repo = scratch.repo();
    const id = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
    expect(baton(['run', '--resume', id], { cwd: repo.dir }).status).toBe(1);
    expect((await resourceError(repo.dir, `baton://run/${id}`)).code).toBe(-32002);
    const { openStore } = await import('../../src/store/open.js');
    const store: Store = await openStore({ cwd: repo.dir, env: {} });
    const server = await startWebServer({ root: repo.dir, store, port: 0 });
    try {
      expect(await status(server.port, `/api/runs/${id}`)).toBe(404);
    } finally {
      await server.close();
      await store.close();
    }
  });

  it('a damaged store is unavailable: exit 1 with one line, JSON-RPC internal error with its code', async () => {
    const repo = scratch.repo();
    mkdirSync(join(repo.dir, '.baton'), { recursive: true });
    writeFileSync(
      join(repo.dir, '.baton', 'baton.db'),
      'this is not a database, it is a text file\n'.repeat(50),
    );
    const r = baton(['log'], { cwd: repo.dir });
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.status).toBe(1);
    const e = await resourceError(repo.dir, 'baton://run/01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(e.message).toContain('STORE_CORRUPT');
    expect(e.code).toBe(-32603);
  });

  it("the machine's errno reads the same for every adapter", () => {
    const sys = Object.assign(new Error('EISDIR: illegal operation on a directory, read'), {
      code: 'EISDIR',
      syscall: 'read',
      path: '/tmp/x',
    });
    const known = fromSystemError(sys);
    expect([known?.code, known?.message]).toEqual(['FILE_IS_DIRECTORY', 'read /tmp/x failed: EISDIR']);
    expect(fromSystemError(new Error('not a system error'))).toBeUndefined();
    expect(fromSystemError(Object.assign(new Error('x'), { code: 'EWHATEVER', syscall: 'open' }))).toBe(
      undefined,
    );
  });
});
