import { symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../src/servers/web/index.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/types.js';
import { HOSTILE_TITLE, type ViewerFixture, viewerFixture } from './_fixture.js';

let fx: ViewerFixture;
let store: Store;
let server: WebServer;

beforeAll(async () => {
  fx = await viewerFixture();
  store = await openStore({ cwd: fx.dir, env: {} });
  server = await startWebServer({ root: fx.dir, store, port: 0 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  fx?.cleanup();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(path: string, headers: Record<string, string> = {}, port = server.port): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const json = async (path: string) => {
  const r = await get(path);
  expect(r.status, `${path}: ${r.body}`).toBe(200);
  return JSON.parse(r.body);
};

describe('viewer API', () => {
  it('lists the demo run with its plan, status, tasks and tokens', async () => {
    const runs = await json('/api/runs');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: fx.runId, status: 'committed', committed: 3, failed: 0, tasks: 3 });
    expect(runs[0].plan).toContain('calc');
    expect(runs[0].tokens).toBeGreaterThan(0);
  });

  it("gives a run's tasks × attempts × stages × windows, with the gate failure and retry, and every dispatch's tokens", async () => {
    const { timeline } = await json(`/api/runs/${fx.runId.slice(0, 10)}`);
    expect(timeline.tasks.map((t: { id: string }) => t.id)).toEqual(['TASK-01', 'TASK-02', 'TASK-03']);
    const t2 = timeline.tasks[1];
    expect(t2.attempts).toHaveLength(2);
    const kinds = t2.attempts[0].stages.flatMap((s: { windows: { steps: { kind: string }[] }[] }) =>
      s.windows.flatMap((w) => w.steps.map((x) => x.kind)),
    );
    expect(kinds).toContain('gate-failed');
    expect(kinds).toContain('attempt-failed');
    expect(t2.commit).toMatch(/^[0-9a-f]{40}$/);
    const builder = timeline.dispatches.filter((d: { stage: string }) => d.stage === 'builder');
    expect(builder.length).toBe(4);
    for (const d of builder) expect(d.forwardAll).toBeGreaterThanOrEqual(d.tokens);
  });

  it("reads a dispatch of the run, and nothing outside the run's folder, through a path or a link", async () => {
    const { timeline } = await json(`/api/runs/${fx.runId}`);
    const file = timeline.tasks[0].attempts[0].stages[0].windows[0].steps[0].file;
    const dispatch = await json(`/api/runs/${fx.runId}/file?path=${encodeURIComponent(file)}`);
    expect(dispatch.text).toContain('TASK-01');
    const secret = join(fx.dir, '..', 'secret.txt');
    writeFileSync(secret, 'the secret');
    symlinkSync(secret, join(fx.dir, '.baton', 'runs', fx.runId, 'link.txt'));
    for (const path of [
      '../secret.txt',
      '/etc/passwd',
      `.baton/runs/${fx.runId}/link.txt`,
      '.baton/baton.db',
    ]) {
      const r = await get(`/api/runs/${fx.runId}/file?path=${encodeURIComponent(path)}`);
      expect([403, 404], path).toContain(r.status);
      expect(r.body).not.toContain('the secret');
    }
  });

  it('lists, filters and searches handoffs; one handoff comes with its verdict now, provenance and chain', async () => {
    const all = await json('/api/handoffs');
    expect(all.hits.map((h: { handoff: { id: string } }) => h.handoff.id)).toContain(fx.handoffId);
    const byTask = await json('/api/handoffs?task=TASK-04');
    expect(byTask.hits.length).toBe(2);
    expect((await json('/api/handoffs?task=TASK-99')).hits).toEqual([]);
    const found = await json('/api/handoffs?q=mean');
    expect(found.hits.map((h: { handoff: { id: string } }) => h.handoff.id)).toContain(fx.handoffId);
    const one = await json(`/api/handoffs/${fx.handoffId}`);
    // The demo ends on main while the handoff was written on its feature branch: not the same work.
    expect(one.verdict.verdict).toBe('MISMATCH');
    expect(one.governance).toBe('advisory');
    expect(one.handoff.branch).toBe('feature/sum-docs');
    expect(one.chain.sameTask.map((h: { id: string }) => h.id)).toEqual([fx.hostileId]);
  });

  it('diffs two handoffs of one task line by line', async () => {
    const d = await json(`/api/handoffs/${fx.handoffId}/diff?with=${fx.hostileId}`);
    expect(
      d.lines.some((l: { op: string; text: string }) => l.op === '+' && l.text.includes('<script>')),
    ).toBe(true);
    expect(
      d.lines.some(
        (l: { op: string; text: string }) => l.op === '-' && l.text.includes('# Document sum and mean'),
      ),
    ).toBe(true);
    expect((await get(`/api/handoffs/${fx.handoffId}/diff`)).status).toBe(400);
  });

  it('hands hostile text back as JSON data, for the page to show as text', async () => {
    const r = await get(`/api/handoffs/${fx.hostileId}`);
    expect(JSON.parse(r.body).handoff.title).toBe(HOSTILE_TITLE);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
  });

  it('says what the boot context loads, and searches runs and handoffs at once', async () => {
    const ctx = await json('/api/context');
    expect(ctx.counts).toHaveProperty('binding');
    const s = await json(`/api/search?q=${fx.runId.slice(0, 8)}`);
    expect(s.runs.map((r: { id: string }) => r.id)).toEqual([fx.runId]);
    expect((await json('/api/search?q=%2B%2B')).handoffs).toEqual([]);
  });

  it('serves the page with a strict CSP, no inline script, and a favicon; unknown API routes are 404', async () => {
    const page = await get('/runs/whatever');
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.body).toContain('<script type="module" src="/assets/app.js"></script>');
    expect((await get('/favicon.ico')).status).toBe(200);
    expect((await get('/assets/app.js')).headers['content-type']).toMatch(/javascript/);
    expect((await get('/api/nothing')).status).toBe(404);
    expect((await get('/api/runs/NO-SUCH-RUN')).status).toBe(404);
  });

  it('refuses a request addressed to another name (DNS rebinding) and anything but GET', async () => {
    expect((await get('/api/runs', { host: 'attacker.example' })).status).toBe(421);
    const post = await new Promise<number>((resolve) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/api/runs', method: 'POST' },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.end();
    });
    expect(post).toBe(405);
  });

  it('on a non-loopback address needs the token, as a bearer header or the cookie ?token= sets', async () => {
    await expect(startWebServer({ root: fx.dir, store, port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /BATON_WEB_TOKEN/,
    );
    const open = await startWebServer({
      root: fx.dir,
      store,
      port: 0,
      host: '0.0.0.0',
      token: 's3cret-token-0123456',
    });
    try {
      expect((await get('/api/runs', {}, open.port)).status).toBe(401);
      expect((await get('/api/runs', { authorization: 'Bearer wrong' }, open.port)).status).toBe(401);
      expect(
        (await get('/api/runs', { authorization: 'Bearer s3cret-token-0123456' }, open.port)).status,
      ).toBe(200);
      const login = await get('/?token=s3cret-token-0123456', {}, open.port);
      expect(login.status).toBe(303);
      const cookie = String(login.headers['set-cookie']).split(';')[0] as string;
      expect(cookie).toMatch(/^baton_token=/);
      expect((await get('/api/runs', { cookie }, open.port)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
