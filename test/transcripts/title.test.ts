/** The handoff's title: the first line of the first request that has words in it, without a pasted frame. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { compileTranscript } from '../../src/transcripts/index.js';
import { writeClaudeSession } from './support/sessions.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

it.each([
  [
    'a box pasted from a terminal',
    '│\n│ v7.2 gRPC services - 구현 계획 │\n│          │',
    'v7.2 gRPC services - 구현 계획',
  ],
  ['a rule and a heading', '---\n\n## Fix the flaky login test ==', 'Fix the flaky login test'],
  ['a plain line', 'Add **bold** totals to the cart', 'Add **bold** totals to the cart'],
])('takes its title past %s', async (_, request, title) => {
  const dir = mkdtempSync(join(tmpdir(), 'baton-title-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 's.jsonl');
  writeClaudeSession(path, dir, [{ user: request }, { edit: 'src/a.ts' }]);
  const { handoff } = await compileTranscript(path);
  expect(handoff.title).toBe(`Compiled handoff: ${title}`);
  // The Goal stays the request as the person wrote it.
  expect(handoff.goal).toContain(request.split('\n')[1]?.trim() || request);
});
