/**
 * The evaluation scores, beside a handoff, what a Codex compaction hands the next window: the
 * person's messages before the cut and the summary (as codex-rs builds its compacted history),
 * not the summary message alone; a replacement history whose summary is encrypted gives nothing
 * to score.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type EvalEvent, readSession } from '../../scripts/_eval-read.mjs';

const dir = mkdtempSync(join(tmpdir(), 'baton-eval-codex-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const meta = { type: 'session_meta', payload: { id: 's1', cwd: '/w/app' } };
const user = (text: string) => ({
  type: 'response_item',
  payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
});
const rollout = (name: string, records: object[]) => {
  const path = join(dir, `${name}.jsonl`);
  writeFileSync(path, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return path;
};
const summaries = (events: EvalEvent[]) => events.flatMap((e) => (e.type === 'summary' ? [e.text] : []));

describe('what a Codex compaction carries', () => {
  it('is the person’s messages before the cut, then the summary (no environment or instructions)', () => {
    const path = rollout('message', [
      meta,
      user('<environment_context>cwd=/w/app</environment_context>'),
      user('Port the parser to streams'),
      user('and keep the old API working'),
      { type: 'compacted', payload: { message: 'The parser reads chunks now; the old API wraps it.' } },
      user('now add the benchmark'),
    ]);
    const [carried, ...rest] = summaries(readSession(path).events);
    expect(rest).toEqual([]);
    expect(carried).toBe(
      'Port the parser to streams\n\nand keep the old API working\n\nThe parser reads chunks now; the old API wraps it.',
    );
  });

  it('cuts the messages in the middle past 80,000 bytes, as Codex does', () => {
    const long = 'x'.repeat(50_000);
    const path = rollout('long', [
      meta,
      user(`first ${long}`),
      user(`second ${long}`),
      { type: 'compacted', payload: { message: 'summary' } },
    ]);
    const [carried = ''] = summaries(readSession(path).events);
    expect(carried.startsWith('first x')).toBe(true);
    expect(carried.endsWith('x\n\nsummary')).toBe(true);
    expect(Buffer.byteLength(carried)).toBeLessThan(80_100);
  });

  it('is the readable replacement history when it holds the summary, and nothing when the summary is encrypted', () => {
    const bridge = (text: string) => ({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text }],
    });
    const replaced = (name: string, history: object[]) =>
      rollout(name, [
        meta,
        user('Fix the flaky upload test'),
        { type: 'compacted', payload: { message: '', replacement_history: history } },
      ]);
    const readable = replaced('readable', [
      bridge('<environment_context>cwd=/w/app</environment_context>'),
      bridge('Fix the flaky upload test'),
      bridge('Another language model started to solve this problem: the retry is in upload.ts.'),
    ]);
    expect(summaries(readSession(readable).events)).toEqual([
      'Fix the flaky upload test\n\nAnother language model started to solve this problem: the retry is in upload.ts.',
    ]);
    const encrypted = replaced('encrypted', [
      bridge('Fix the flaky upload test'),
      { type: 'compaction', encrypted_content: 'gAAAA…' },
    ]);
    const events = readSession(encrypted).events;
    expect(events.some((e) => e.type === 'boundary')).toBe(true);
    expect(summaries(events)).toEqual([]);
  });
});
