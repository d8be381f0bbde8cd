// Benchmarks of the viewer (issue 17). After a build: node bench/viewer.mjs
// A store of BENCH_VIEWER_N archived handoffs (default 100,000) and one run of 1,000 tasks
// (twelve events each); then, on a warm server: the store query behind each page and the API
// route around it (median of 30, and the slowest), and in Chromium the first render of the
// 1,000-task run page and the bytes it transfers. Needs Debian's chromium for the browser part.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { startWebServer } from '../dist/servers/web/index.js';
import { openStore } from '../dist/store/index.js';
import { appendRunEvents, median, report } from './_lib.mjs';

const N = Number(process.env.BENCH_VIEWER_N ?? 100_000);
const TASKS = 1000;
const ROUNDS = 30;
const { say } = report();
const dir = mkdtempSync(join(tmpdir(), 'baton-bench-viewer-'));
const store = await openStore({ url: `sqlite:${join(dir, 'baton.db')}`, cwd: dir, env: {} });
const words = [
  'parser',
  'window',
  'gate',
  'commit',
  'schema',
  'token',
  'store',
  'search',
  'budget',
  'handoff',
];

const t0 = performance.now();
for (let start = 0; start < N; start += 1000) {
  const batch = [];
  for (let i = start; i < Math.min(N, start + 1000); i++) {
    const id = `01M9${String(i).padStart(22, '0')}`;
    const task = `TASK-${String(i % 500).padStart(3, '0')}`;
    const text = `---\nschema: baton/handoff-v1\nid: ${id}\n---\n\n# Handoff ${i}\n\n## Goal\n\nWork on the ${words[i % 10]} of ${task} (${i}).\n\n## Summary\n\nThe ${words[(i * 7) % 10]} and the ${words[(i * 3) % 10]} are done; ${i} items.\n`;
    const created = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    batch.push({
      text,
      format: 'baton',
      handoff: {
        id,
        created_at: created,
        task,
        from: i % 2 ? 'builder' : 'verifier',
        status: 'in-progress',
        title: `Handoff ${i}`,
        branch: 'main',
      },
    });
  }
  await store.putHandoffs(batch);
}
const loaded = performance.now() - t0;

const runId = '01M9RUN0000000000000000000';
let seq = await appendRunEvents(store, runId, 0, TASKS);
await store.appendEvent({
  run_id: runId,
  seq: ++seq,
  time: new Date(Date.UTC(2026, 1, 1) + seq * 1000).toISOString(),
  event: 'run-finished',
  data: { status: 'committed', exit_code: 0 },
});

const server = await startWebServer({ root: dir, store, port: 0 });
const time = async (fn) => {
  const xs = [];
  for (let r = 0; r < ROUNDS + 3; r++) {
    const s = performance.now();
    await fn();
    if (r >= 3) xs.push(performance.now() - s);
  }
  return { p50: median(xs), max: Math.max(...xs) };
};
const get = (path) => fetch(new URL(path, server.url)).then((r) => r.arrayBuffer());
const someId = `01M9${String(Math.floor(N / 2)).padStart(22, '0')}`;
const rows = [
  ['runs list', () => store.listRuns({ limit: 200 }), '/api/runs'],
  [`a run of ${TASKS} tasks (its events)`, () => store.listEvents(runId), `/api/runs/${runId}`],
  ['handoffs, newest 100', () => store.listHandoffs({ limit: 100 }), '/api/handoffs'],
  [
    'handoffs of one task',
    () => store.listHandoffs({ task: 'TASK-123', limit: 100 }),
    '/api/handoffs?task=TASK-123',
  ],
  ['full-text search', () => store.searchHandoffs('parser', { limit: 100 }), '/api/handoffs?q=parser'],
  ['one handoff (with its verdict now and chain)', () => store.getHandoff(someId), `/api/handoffs/${someId}`],
  [
    'search box (runs and handoffs)',
    () => store.searchHandoffs('budget gate', { limit: 50 }),
    '/api/search?q=budget%20gate',
  ],
];
say(
  `Store: ${N.toLocaleString('en')} handoffs (loaded in ${(loaded / 1000).toFixed(1)} s) and a run of ${TASKS} tasks (${seq.toLocaleString('en')} events), SQLite, warm.`,
);
say('');
say('| page | store query p50 | slowest | API route p50 | slowest |');
say('|---|---:|---:|---:|---:|');
for (const [name, query, path] of rows) {
  const q = await time(query);
  const a = await time(() => get(path));
  say(
    `| ${name} | ${q.p50.toFixed(1)} ms | ${q.max.toFixed(1)} ms | ${a.p50.toFixed(1)} ms | ${a.max.toFixed(1)} ms |`,
  );
}

const chromiumPath = ['/usr/bin/chromium', process.env.CHROMIUM_PATH].find((p) => p && existsSync(p));
if (chromiumPath) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const firsts = [];
  const alls = [];
  let bytes = {};
  for (let r = 0; r < 8; r++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Times taken in the page itself, from its navigation start: when the first task card (with
    // the header and the plot above it) is in the document, and when the last one is.
    await page.addInitScript(
      (last) => {
        const seen = {};
        new MutationObserver(() => {
          if (seen.first === undefined && document.querySelector('[data-task="T-0"]'))
            seen.first = performance.now();
          if (seen.all === undefined && document.querySelector(`[data-task="${last}"]`))
            seen.all = performance.now();
        }).observe(document, { childList: true, subtree: true });
        globalThis.__seen = seen;
      },
      `T-${TASKS - 1}`,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const sizes = {};
    const urls = {};
    cdp.on('Network.responseReceived', (e) => {
      urls[e.requestId] = new URL(e.response.url).pathname;
    });
    cdp.on('Network.loadingFinished', (e) => {
      sizes[urls[e.requestId] ?? e.requestId] = e.encodedDataLength;
    });
    await page.goto(new URL(`/runs/${runId}`, server.url).href);
    await page.waitForSelector(`[data-task="T-${TASKS - 1}"]`);
    const seen = await page.evaluate(() => globalThis.__seen);
    firsts.push(seen.first);
    alls.push(seen.all);
    bytes = sizes;
    await context.close();
  }
  await browser.close();
  const assets = Object.entries(bytes).filter(([p]) => !p.startsWith('/api/'));
  const sum = (xs) => xs.reduce((n, [, b]) => n + b, 0);
  say('');
  const p50 = (xs) => median(xs.slice(1)).toFixed(0);
  const worst = (xs) => Math.max(...xs.slice(1)).toFixed(0);
  say(
    `Chromium, the run page of ${TASKS} tasks, from navigation start (${firsts.length - 1} cold page loads after one warm-up): first render (header, plot and the first task cards in the page) p50 ${p50(firsts)} ms, slowest ${worst(firsts)} ms; all ${TASKS} task cards drawn p50 ${p50(alls)} ms, slowest ${worst(alls)} ms.`,
  );
  say(
    `Transferred: page assets ${(sum(assets) / 1024).toFixed(1)} KB (${assets.map(([p, b]) => `${p} ${(b / 1024).toFixed(1)}`).join(', ')}); with the run's data ${(sum(Object.entries(bytes)) / 1024).toFixed(1)} KB.`,
  );
} else say('\nChromium not found: the browser figures need `apt-get install chromium`.');

await server.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
