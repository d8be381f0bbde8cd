/**
 * A repository with runs and handoffs for the viewer's tests: the demo's kept repository (three
 * tasks, one gate failure and retry, an archived handoff), made by the built `baton demo --keep`,
 * plus a handoff whose title and body are markup an attacker would write.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { openStore } from '../../src/store/open.js';
import { baton } from '../e2e/_helpers.js';

/** What the fixture made. */
export interface ViewerFixture {
  dir: string;
  runId: string;
  handoffId: string;
  hostileId: string;
  cleanup(): void;
}

/** Text that would run script if the page ever treated it as markup. */
export const HOSTILE_TITLE =
  '<img src=x onerror="window.__pwned=1">Hostile <script>window.__pwned=2</script>';

/** Builds the fixture in a new temporary folder. */
export async function viewerFixture(): Promise<ViewerFixture> {
  const demo = baton(['demo', '--keep'], { cwd: process.cwd(), timeoutMs: 120_000 });
  const kept = /Kept the repository at (.+)\n/.exec(demo.stdout)?.[1];
  if (demo.status !== 0 || !kept) throw new Error(`demo failed: ${demo.stderr}`);
  const store = await openStore({ cwd: kept, env: {} });
  try {
    const [run] = await store.listRuns();
    const [handoff] = await store.listHandoffs();
    if (!run || !handoff) throw new Error('the demo recorded no run or no handoff');
    const hostile = await store.putHandoff({
      text: `---\nschema: baton/handoff-v1\nid: 01M8ZZZZZZZZZZZZZZZZZZZZZZ\ntitle: x\n---\n\n# ${HOSTILE_TITLE}\n\n<script>window.__pwned=3</script>\n<img src=x onerror="window.__pwned=4">\n`,
      format: 'baton',
      handoff: {
        id: '01M8ZZZZZZZZZZZZZZZZZZZZZZ',
        created_at: '2026-12-01T00:00:00Z',
        title: HOSTILE_TITLE,
        task: 'TASK-04',
        from: '<b>mallory</b>',
        status: 'in-progress',
      },
    });
    return {
      dir: kept,
      runId: run.run_id,
      handoffId: handoff.id,
      hostileId: hostile.handoff.id,
      cleanup: () => rmSync(dirname(kept), { recursive: true, force: true }),
    };
  } finally {
    await store.close();
  }
}
