/**
 * Reliability of the store under real processes: several writers at once, a writer killed with
 * SIGKILL mid-transaction, and files at the store path that are not a baton store. Runs against
 * SQLite always and PostgreSQL when BATON_TEST_POSTGRES_URL is set. Needs the build (dist/).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announcePostgresSkip, BACKENDS, type StoreFixture } from './_stores.js';

announcePostgresSkip();

const WORKER = join(dirname(fileURLToPath(import.meta.url)), '_worker.mjs');
if (!existsSync(join(dirname(WORKER), '../../dist/store/index.js'))) {
  throw new Error('dist/store is missing: build first (`npx tsc -p tsconfig.build.json`, or `npm test`)');
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function startWorker(args: string[]): { child: ChildProcess; done: Promise<Exit> } {
  const child = spawn(process.execPath, [WORKER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const done = new Promise<Exit>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

function idsOf(worker: number, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(`W${worker}-${String(i).padStart(6, '0')}`);
  return out;
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`store reliability: ${backend.name}`, () => {
    let fixture: StoreFixture;
    beforeEach(async () => {
      fixture = await backend.make();
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('4 processes archiving 1,000 handoffs each at once: all 4,000 there, none twice, no error', async () => {
      // The store does not exist yet: the four also race to create and migrate it.
      const workers = [0, 1, 2, 3].map((w) => startWorker([fixture.url, 'put', String(w), '1000']));
      const exits = await Promise.all(workers.map((w) => w.done));
      for (const exit of exits) expect(exit).toMatchObject({ code: 0, stderr: '' });
      const store = await fixture.open();
      try {
        const ids = (await store.listHandoffs()).map((h) => h.id).sort();
        expect(ids).toHaveLength(4000);
        expect(new Set(ids).size).toBe(4000);
        expect(ids).toEqual([0, 1, 2, 3].flatMap((w) => idsOf(w, 0, 1000)).sort());
        expect(await store.countHandoffs({ task: 'T3' })).toBe(4 * 143);
        const found = await store.searchHandoffs('"handoff 999 of worker 3"');
        expect(found.map((h) => h.handoff.id)).toEqual(['W3-000999']);
        expect(await store.checkIntegrity()).toEqual({ ok: true, problems: [] });
      } finally {
        await store.close();
      }
    }, 120_000);

    it('a writer killed with SIGKILL mid-transaction leaves a store that opens, checks clean and takes writes', async () => {
      // SQLite: enough rows (6 MB) that its page cache spills into the WAL before the kill.
      const batch = backend.name === 'sqlite' ? '3000' : '200';
      const { child, done } = startWorker([fixture.url, 'hang', '7', '10', batch]);
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (d: Buffer) => {
          if (d.toString().includes('in-transaction')) resolve();
        });
        child.on('close', (code) =>
          reject(new Error(`the worker ended (${code}) before its transaction opened`)),
        );
      });
      child.kill('SIGKILL');
      expect((await done).signal).toBe('SIGKILL');
      const store = await fixture.open();
      try {
        expect(await store.checkIntegrity()).toEqual({ ok: true, problems: [] });
        // The ten committed before the kill are there; nothing of the open batch is.
        expect((await store.listHandoffs()).map((h) => h.id).sort()).toEqual(idsOf(7, 0, 10));
        const next = idsOf(7, 10, 11)[0] as string;
        const put = await store.putHandoff({ text: `# ${next}\n`, format: 'baton', handoff: { id: next } });
        expect(put.status).toBe('stored');
        expect(await store.countHandoffs()).toBe(11);
      } finally {
        await store.close();
      }
    }, 60_000);
  });
}
