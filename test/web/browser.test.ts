/**
 * The viewer in a real browser (Debian's Chromium through playwright-core): every page, a run
 * followed live while it runs, hostile handoff text that must stay text, and no console errors.
 * Screenshots go to .test-output/viewer/ for a person to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../src/agents/scripted.js';
import type { AgentCall } from '../../src/agents/types.js';
import { parsePlan } from '../../src/plan/load.js';
import { startRun } from '../../src/run/engine.js';
import { startWebServer, type WebServer } from '../../src/servers/web/index.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/types.js';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { chromiumPath } from '../support/chromium.js';
import { HOSTILE_TITLE, type ViewerFixture, viewerFixture } from './_fixture.js';

const SHOTS = join(process.cwd(), '.test-output', 'viewer');
const chromiumBinary = chromiumPath();
if ('missing' in chromiumBinary) console.warn(`viewer browser tests skipped: ${chromiumBinary.missing}`);

let fx: ViewerFixture;
let store: Store;
let server: WebServer;
let browser: Browser;
const consoleErrors: string[] = [];

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${path}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`${path}: ${e.message}`));
  page.on('dialog', (d) => {
    consoleErrors.push(`${path}: a dialog opened: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(new URL(path, server.url).href);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe.skipIf('missing' in chromiumBinary)('the viewer in Chromium', () => {
  beforeAll(async () => {
    fx = await viewerFixture();
    store = await openStore({ cwd: fx.dir, env: {} });
    server = await startWebServer({ root: fx.dir, store, port: 0, pollMs: 100 });
    browser = await chromium.launch({
      executablePath: (chromiumBinary as { path: string }).path,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await store?.close();
    fx?.cleanup();
    expect(consoleErrors).toEqual([]);
  });

  it('lists the runs newest first, with ids that link to the run, and a search box', async () => {
    const page = await open('/');
    const link = page.locator('a.id').first();
    await expect.poll(() => link.textContent()).toBe(fx.runId.slice(0, 12));
    expect(await page.locator('input[type=search]').count()).toBe(1);
    // Who started the run and where its tasks were built (a team's shared store shows several people).
    const row = page.locator('main tr', { has: link });
    expect(await page.locator('main th').allTextContents()).toEqual(
      expect.arrayContaining(['started by', 'built by']),
    );
    expect(await row.textContent()).toContain(`baton test <agent@baton.invalid> on ${hostname()}`);
    await shot(page, 'runs');
    await link.click();
    await page.waitForSelector('#tasks');
    expect(new URL(page.url()).pathname).toBe(`/runs/${fx.runId}`);
    await page.close();
  });

  it("shows a run's tasks, attempts and windows, the gate failure as what it is, the token plot, and a dispatch", async () => {
    const page = await open(`/runs/${fx.runId}`);
    await page.waitForSelector('#tasks');
    expect(await page.locator('.task').count()).toBe(3);
    const t2 = page.locator('[data-task="TASK-02"]');
    expect(await t2.locator('.attempt').count()).toBe(2);
    expect(await t2.locator('[data-kind="gate-failed"]').count()).toBe(1);
    expect(await t2.locator('.badge.committed').count()).toBe(1);
    expect(await t2.locator('.built-by').textContent()).toBe(`built by ${hostname()}`);
    expect(await page.locator('main').first().textContent()).toContain(
      `by baton test <agent@baton.invalid> on ${hostname()}`,
    );
    expect(await page.locator('svg.plot polyline').count()).toBe(2);
    expect(await page.locator('.legend').textContent()).toContain('forwarding every earlier handoff');
    await page.locator('[data-task="TASK-01"] [data-kind="dispatch"]').first().click();
    await expect.poll(() => page.locator('#file-panel').textContent()).toContain('TASK-01');
    await shot(page, 'run');
    await page.close();
  });

  it('searches from the box on every page, and shows a handoff with its verdict now', async () => {
    const page = await open('/handoffs');
    await page.fill('header input[type=search]', 'mean');
    await page.press('header input[type=search]', 'Enter');
    await page.waitForURL(/\/search\?q=mean/);
    await page.waitForSelector('main table');
    const id = page.locator(`a[href="/handoffs/${fx.handoffId}"]`);
    expect(await id.count()).toBe(1);
    await shot(page, 'search');
    await id.click();
    await page.waitForSelector('#verdict');
    expect(await page.locator('#verdict .badge').first().textContent()).toBe('MISMATCH');
    expect(await page.locator('#handoff-text').textContent()).toContain('# Document sum and mean');
    await shot(page, 'handoff');
    await page.goto(new URL(`/handoffs/${fx.handoffId}?diff=${fx.hostileId}`, server.url).href);
    await page.waitForSelector('.diff');
    expect(await page.locator('.diff .add').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('shows hostile handoff text as text: no script runs, no element is made from it', async () => {
    const page = await open(`/handoffs/${fx.hostileId}`);
    await page.waitForSelector('#handoff-text');
    expect(await page.locator('h1').textContent()).toBe(HOSTILE_TITLE);
    expect(await page.locator('#handoff-text').textContent()).toContain('<script>window.__pwned=3</script>');
    expect(await page.locator('main img, main script').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    await page.goto(new URL('/handoffs?task=TASK-04', server.url).href);
    await page.waitForSelector('main table');
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(
      await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    await shot(page, 'hostile');
    await page.close();
  });

  it('shows the boot context with each label', async () => {
    const page = await open('/context');
    await page.waitForSelector('main h1');
    expect(await page.locator('main h1').textContent()).toBe('Boot context');
    await shot(page, 'context');
    await page.close();
  });

  it('follows a run in progress without a reload', async () => {
    const repo = createTempRepo({ prefix: 'live' });
    repo.write('README.md', '# live\n');
    repo.commit('start');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const planText =
      '# Plan: live\n\n## T-1: one\n- Files in scope: a.txt\n- Verify by: `test -f a.txt`\n\n## T-2: two\n- Depends on: T-1\n- Files in scope: b.txt\n- Verify by: `test -f b.txt`\n';
    const { plan } = await parsePlan(planText, join(repo.dir, 'PLAN.md'));
    const liveStore = await openStore({ cwd: repo.dir, env: {} });
    const liveServer = await startWebServer({ root: repo.dir, store: liveStore, port: 0, pollMs: 100 });
    const builder = async (call: AgentCall) => {
      if (call.task === 'T-2') await gate;
      const file = call.task === 'T-1' ? 'a.txt' : 'b.txt';
      writeFileSync(join(call.cwd, file), `${call.task}\n`);
      const now = new Date().toISOString();
      writeFileSync(
        join(call.runDir, `${call.task}_progress.md`),
        `# ${call.task} progress\n\n- Status: COMPLETED\n- Started: ${now}\n- Updated: ${now}\n- Files changed:\n  - \`${file}\` — CREATE\n`,
      );
      return '<task-result status="PASS">\n  <context-handoff from="builder" detail-level="FULL">\n    <what>wrote the file</what>\n    <why>the task asks for it</why>\n    <caution>None</caution>\n    <incomplete>None</incomplete>\n  </context-handoff>\n</task-result>\n';
    };
    const running = startRun({
      root: repo.dir,
      plan,
      planText,
      builder: scriptedAgent(builder),
      store: liveStore,
    });
    try {
      await expect
        .poll(async () => (await liveStore.listRuns())[0]?.run_id, { timeout: 20_000 })
        .toBeDefined();
      const runId = (await liveStore.listRuns())[0]?.run_id as string;
      await expect
        .poll(async () => (await liveStore.listEvents(runId)).some((e) => e.event === 'commit'), {
          timeout: 20_000,
        })
        .toBe(true);
      const page = await browser.newPage();
      page.on('pageerror', (e) => consoleErrors.push(`live: ${e.message}`));
      await page.goto(new URL(`/runs/${runId}`, liveServer.url).href);
      await page.waitForSelector('[data-task="T-2"]');
      expect(await page.locator('.live').count()).toBe(1);
      expect(await page.locator('[data-task="T-2"] .badge.committed').count()).toBe(0);
      await page.evaluate(() => {
        (globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      release();
      await page.waitForSelector('[data-task="T-2"] .badge.committed', { timeout: 20_000 });
      expect(
        await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
      await shot(page, 'live');
      await page.close();
      expect((await running).exitCode).toBe(0);
    } finally {
      release();
      await running.catch(() => undefined);
      await liveServer.close();
      await liveStore.close();
      repo.cleanup();
    }
  }, 60_000);
});
