/**
 * SessionStart runs at the start of every session (and on every resume and compaction): the built
 * `baton hook session-start` loads neither the transcript compiler nor the safe write, which only
 * PreCompact and SubagentStop use.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadedChunks, Scratch } from '../e2e/_helpers.js';
import { writeClaudeSession } from '../transcripts/support/sessions.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

/** The chunks one run of `baton hook <event>` loads, given the host's JSON. */
function hookChunks(event: string, payload: Record<string, unknown>, cwd: string): string[] {
  const input = JSON.stringify({ session_id: 'sess-lazy', cwd, ...payload });
  return loadedChunks(['hook', event], { cwd, input });
}

describe('baton hook session-start', () => {
  it('loads no compiler at start-up or on resume; pre-compact does', () => {
    const repo = scratch.repo();
    const log = join(scratch.plain(), 'session.jsonl');
    writeClaudeSession(log, repo.dir, [{ user: 'Add a file' }, { write: 'src/a.txt' }]);
    for (const source of ['startup', 'resume']) {
      const loaded = hookChunks('session-start', { source, transcript_path: log }, repo.dir);
      expect(loaded).toContain('hook');
      expect(loaded).not.toContain('compile-write');
    }
    // The chunk name the assertions above look for is the one PreCompact loads.
    expect(hookChunks('pre-compact', { transcript_path: log }, repo.dir)).toContain('compile-write');
  });
});
