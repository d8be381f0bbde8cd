/**
 * SessionStart as the hosts call it, in real repositories: after a compaction the brief names what
 * the host's summary says that the log and git contradict; at start-up, a handoff another session
 * left is announced in one line.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHook } from '../../src/hosts/hooks.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { type Step, writeClaudeSession, writeCodexRollout } from '../transcripts/support/sessions.js';

let repo: TempRepo;
let logs: string;
afterEach(() => {
  repo?.cleanup();
  if (logs) rmSync(logs, { recursive: true, force: true });
});

const context = () => ({ cwd: repo.dir, env: {} as NodeJS.ProcessEnv });
const input = (o: Record<string, unknown>) => JSON.stringify({ session_id: 'sess-new', cwd: repo.dir, ...o });

function additionalContext(stdout: string | undefined): string {
  const parsed = JSON.parse(stdout ?? '{}') as { hookSpecificOutput?: { additionalContext?: string } };
  return parsed.hookSpecificOutput?.additionalContext ?? '';
}

const STEPS: Step[] = [
  { user: 'Add the feature file and check it' },
  { write: 'src/feature.txt' },
  { bash: 'grep -q PINEAPPLE src/feature.txt', exit: 1, interpretation: 'No matches found' },
];
const WRONG = 'Summary:\n- Wrote `src/feature.txt` and `src/other.txt`.\n- All checks pass.';
const TRUE = 'Summary:\n- Wrote `src/feature.txt`; the grep check for PINEAPPLE still fails.';

/** A repository, a session log of `steps` outside it, and the handoff PreCompact writes from it. */
async function compacted(steps: Step[], host: 'claude-code' | 'codex' = 'claude-code'): Promise<string> {
  repo = createTempRepo();
  repo.write('src/feature.txt', 'x\n');
  logs = mkdtempSync(join(tmpdir(), 'baton-logs-'));
  const log = join(logs, 'session.jsonl');
  (host === 'codex' ? writeCodexRollout : writeClaudeSession)(log, repo.dir, steps);
  const pre = await runHook('pre-compact', input({ transcript_path: log }), context());
  expect(pre.stderr).toMatch(/^baton: wrote/);
  return log;
}

describe('session-start after a compaction: the host summary, checked', () => {
  it('names each contradicted claim of the summary Claude Code handed its compaction subagent', async () => {
    const log = await compacted(STEPS);
    const stop = await runHook(
      'subagent-stop',
      input({
        agent_id: 'acompact',
        agent_transcript_path: join(logs, 'none.jsonl'),
        last_assistant_message: WRONG,
        prompt_id: 'p1',
      }),
      context(),
    );
    expect(stop).toEqual({});
    const kept = join(repo.dir, '.baton/subagents/compaction-summary.json');
    expect(existsSync(kept)).toBe(true);
    const r = await runHook(
      'session-start',
      input({ source: 'compact', transcript_path: log, prompt_id: 'p1' }),
      context(),
    );
    const text = additionalContext(r.stdout);
    expect(text).toMatch(/^baton: resume brief from \.baton\/handoff\.md \(handoff \w+, VALID\)/);
    expect(text).toContain("## What Claude Code's summary says that the log does not");
    expect(text).toContain(
      '- The summary says it wrote `src/other.txt`, but no tool call in the session wrote, edited or deleted that file, and git shows no change to it.',
    );
    expect(text).toContain(
      '- The summary says all checks pass, but `grep -q PINEAPPLE src/feature.txt` failed on its last run (non-zero exit).',
    );
    expect(existsSync(kept)).toBe(false);
  });

  it('says nothing of a summary that holds up, and ignores one kept for another session', async () => {
    const log = await compacted(STEPS);
    const stop = (session: string, message: string) =>
      runHook(
        'subagent-stop',
        JSON.stringify({
          session_id: session,
          cwd: repo.dir,
          agent_transcript_path: join(logs, 'x.jsonl'),
          last_assistant_message: message,
        }),
        context(),
      );
    await stop('sess-new', TRUE);
    const fine = additionalContext(
      (await runHook('session-start', input({ source: 'compact', transcript_path: log }), context())).stdout,
    );
    expect(fine).toContain('# Resume brief');
    expect(fine).not.toContain('summary says');
    await stop('another-session', WRONG);
    const other = additionalContext(
      (await runHook('session-start', input({ source: 'compact', transcript_path: log }), context())).stdout,
    );
    expect(other).not.toContain('summary says');
  });

  it('reads the summary from the log when it is the last record there (Codex writes it first)', async () => {
    const log = await compacted(
      [...STEPS, { compact: 'Progress: wrote src/feature.txt and src/other.txt; all checks pass.' }],
      'codex',
    );
    const text = additionalContext(
      (await runHook('session-start', input({ source: 'compact', transcript_path: log }), context())).stdout,
    );
    expect(text).toContain("## What Codex's summary says that the log does not");
    expect(text).toContain('it wrote `src/other.txt`, but no tool call');
    expect(text).toContain('all checks pass, but `grep -q PINEAPPLE src/feature.txt` failed');
  });

  it('still gives the brief when the summary cannot be checked, and says why in one line', async () => {
    await compacted(STEPS);
    const bogus = join(logs, 'not-a-log.jsonl');
    writeFileSync(bogus, '{"hello": 1}\n');
    const r = await runHook('session-start', input({ source: 'compact', transcript_path: bogus }), context());
    expect(additionalContext(r.stdout)).toContain('# Resume brief');
    expect(r.stderr).toMatch(
      /^baton hook session-start: the host's summary was not checked: .*not a Claude Code session/,
    );
  });

  it('waits a moment for the compacted item Codex writes from a background task', async () => {
    const log = await compacted(STEPS, 'codex');
    const late = join(logs, 'late.jsonl');
    writeCodexRollout(late, repo.dir, [...STEPS, { compact: 'Progress: wrote src/other.txt.' }]);
    const lines = readFileSync(late, 'utf8').trimEnd().split('\n');
    const pending = runHook('session-start', input({ source: 'compact', transcript_path: log }), context());
    await new Promise((resolve) => setTimeout(resolve, 300));
    appendFileSync(log, `${lines.at(-1)}\n`);
    const text = additionalContext((await pending).stdout);
    expect(text).toContain('it wrote `src/other.txt`, but no tool call');
  });

  it('does not check an older summary that the session has worked past', async () => {
    const log = await compacted([STEPS[0] as Step, { compact: WRONG }, ...STEPS.slice(1)]);
    const text = additionalContext(
      (await runHook('session-start', input({ source: 'compact', transcript_path: log }), context())).stdout,
    );
    expect(text).toContain('# Resume brief');
    expect(text).not.toContain('summary says');
  });
});

describe('session-start at start-up: a handoff from another session', () => {
  it('says in one line whose handoff it is, how old, its verdict, and how to load it', async () => {
    const log = await compacted(STEPS);
    expect(log).toBeDefined();
    const r = await runHook('session-start', input({ source: 'startup' }), context());
    const line = additionalContext(r.stdout);
    expect(line).toBe(
      'baton: .baton/handoff.md holds a handoff from Claude Code session 5c0ffee0, written just now (VALID); load its brief with `baton resume` (in Claude Code with the baton plugin: /baton:resume).',
    );
    repo.write('src/feature.txt', 'moved on\n');
    repo.commit('move on');
    const stale = additionalContext(
      (await runHook('session-start', input({ source: 'startup' }), context())).stdout,
    );
    expect(stale).toContain('(STALE: the work has moved since)');
  });

  it('says nothing for its own handoff, nor for one of another branch', async () => {
    await compacted(STEPS);
    const own = await runHook(
      'session-start',
      input({ source: 'startup', session_id: '5c0ffee0-0000-4000-8000-00000000cafe' }),
      context(),
    );
    expect(own).toEqual({});
    repo.git('checkout', '-q', '-b', 'elsewhere');
    expect(await runHook('session-start', input({ source: 'startup' }), context())).toEqual({});
  });
});
