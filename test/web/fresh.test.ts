/**
 * The viewer's answers that read git (issue 23): a handoff's verdict now and the boot context's
 * trusted keys come from the server's cached git answers. An unchanged repository is answered
 * without starting git; an edit, a commit and a key merged into the base ref are seen at once.
 * Static assets are sent compressed when asked for, with `Vary: Accept-Encoding`.
 */
import { generateKeyPairSync } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitProcessCount } from '../../src/provenance/git.js';
import { startWebServer, type WebServer } from '../../src/servers/web/index.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/types.js';
import type { TempRepo } from '../../src/testing/git-repo.js';
import { baton, DRAFT, makeRepo } from '../e2e/_helpers.js';

let repo: TempRepo;
let store: Store;
let server: WebServer;
let id: string;

beforeAll(async () => {
  repo = makeRepo({ origin: 'https://github.com/acme/viewer-fresh.git' });
  expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
  expect(baton(['archive'], { cwd: repo.dir }).status).toBe(0);
  store = await openStore({ cwd: repo.dir, env: {} });
  id = (await store.listHandoffs())[0]?.id as string;
  server = await startWebServer({ root: repo.dir, store, port: 0 });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  repo?.cleanup();
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const json = async (path: string) => JSON.parse((await get(path)).body.toString('utf8'));
const verdictNow = async () => (await json(`/api/handoffs/${id}`)).verdict.verdict as string;
// Past the margin within which stat data cannot be trusted, as in test/provenance/answers.test.ts.
const settle = () => new Promise((r) => setTimeout(r, 250));

async function gitDuring<T>(fn: () => Promise<T>): Promise<{ value: T; processes: number }> {
  const before = gitProcessCount();
  const value = await fn();
  return { value, processes: gitProcessCount() - before };
}

describe("the viewer's verdicts and keys now", () => {
  it('answers an unchanged repository without git, and sees an edit and a commit at once', async () => {
    expect(await verdictNow()).toBe('VALID');
    await settle();
    await verdictNow();
    const cached = await gitDuring(verdictNow);
    expect(cached).toEqual({ value: 'VALID', processes: 0 });
    repo.write('src/a.ts', 'export const a = 9;\n');
    expect(await verdictNow()).toBe('STALE');
    repo.commit('edit a');
    const moved = await json(`/api/handoffs/${id}`);
    expect(moved.verdict.verdict).toBe('STALE');
    expect(moved.verdict.findings.map((f: { code: string }) => f.code)).toContain('head-moved');
  });

  it('trusts a key merged into the base ref as soon as it is merged, and reads the keys once per commit', async () => {
    const keys = async () => (await json('/api/context')).trustedKeys.map((k: { name: string }) => k.name);
    expect(await keys()).toEqual([]);
    const again = await gitDuring(keys);
    expect(again.processes).toBe(0);
    repo.git('switch', '-qc', 'add-key');
    const pem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' });
    repo.write('.baton/trusted-keys/carol.pub', String(pem));
    repo.commit('carol');
    repo.git('switch', '-q', 'main');
    expect(await keys()).toEqual([]);
    repo.git('merge', '-q', '--ff-only', 'add-key');
    expect(await keys()).toEqual(['carol']);
  });
});

describe('static assets', () => {
  it('are sent in brotli or gzip when asked, as they are otherwise, always with Vary: Accept-Encoding', async () => {
    for (const path of ['/', '/assets/app.js', '/assets/app.css']) {
      const plain = await get(path, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      const gz = await get(path, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      if (path !== '/') expect(br.body.length).toBeLessThan(plain.body.length / 2);
      // Refused codings are not sent: q=0, and one the server does not make.
      expect(
        (await get(path, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding'],
      ).toBeUndefined();
      expect((await get(path, { 'accept-encoding': 'zstd' })).headers['content-encoding']).toBeUndefined();
      expect((await get(path, { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe(
        'gzip',
      );
    }
    const api = await get('/api/runs', { 'accept-encoding': 'br, gzip' });
    expect(api.headers.vary).toBe('accept-encoding');
  });
});
