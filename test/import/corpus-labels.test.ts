/**
 * Import against hand labels of the shared corpus (issue 12 item 5): goal agreement,
 * remaining-task precision and recall, and status. Runs when the corpus is present
 * (`BATON_CORPUS`, else `../shared/corpus/handoff` beside the repository); the labels are our own
 * file (test/import/corpus-labels.json) and name corpus files without copying them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { score, totals } from '../../scripts/_label-score.mjs';
import { importHandoff } from '../../src/import/index.js';

const candidates = [
  process.env.BATON_CORPUS,
  resolve(__dirname, '../../../shared/corpus/handoff'),
  resolve(__dirname, '../../../../shared/corpus/handoff'),
].filter((p): p is string => typeof p === 'string');
const corpus = candidates.find((p) => existsSync(join(p, 'SOURCES.tsv')));
const labels = JSON.parse(readFileSync(new URL('./corpus-labels.json', import.meta.url), 'utf8')) as {
  files: Record<string, Parameters<typeof score>[1]>;
};

describe.skipIf(!corpus)('import against the corpus labels', () => {
  it('agrees with the labels at least as well as docs/import.md reports', async () => {
    const scores = [];
    for (const [file, label] of Object.entries(labels.files)) {
      const text = readFileSync(join(corpus as string, file), 'utf8');
      const { handoff } = await importHandoff(text, { name: file, now: new Date(0) });
      scores.push(score(handoff, label));
    }
    const t = totals(scores);
    // Before this change: goal 9/16, precision 43%, recall 98%, status 14/16.
    expect(t.status).toBe(16);
    expect(t.goal).toBeGreaterThanOrEqual(10);
    expect(t.recall).toBeGreaterThanOrEqual(0.95);
    expect(t.precision).toBeGreaterThanOrEqual(0.6);
  }, 60_000);

  it('the issue’s named cases read as a person would sign them', async () => {
    const read = async (f: string) =>
      (await importHandoff(readFileSync(join(corpus as string, f), 'utf8'), { name: f, now: new Date(0) }))
        .handoff;
    const carabiner = await read('carabiner__agent_handoff.md');
    expect(carabiner.goal).not.toBe('Carabiner');
    expect(carabiner.summary ?? '').not.toMatch(/\*\*Version\*\*/);
    expect((await read('ripr__0.6.x-release-finalization.md')).summary ?? '').not.toMatch(/^Date:/);
    expect((await read('agent-context__docs_internal_handoff.md')).remaining.length).toBeLessThan(40);
    const debrief = (await read('future-debrief__phase3-to-phase4.md')).remaining.map((r) => r.title);
    expect(debrief).toContain('Task 2: QuickPick Menu Implementation (1-2 hours)');
    const stage = (await read('stagecraft__CLI_RELEASES-to-CLI_ROLLBACK.md')).remaining.map((r) => r.title);
    expect(stage.some((t) => /^Dependencies/.test(t))).toBe(false);
    expect((await read('maxtext__handoff.md')).status).toBe('in-progress');
    expect((await read('TomasLicek-ai__handoff.xml')).status).toBe('complete');
  }, 60_000);
});
