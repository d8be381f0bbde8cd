/** The hooks as the hosts call them, in real repositories: JSON in, a handoff written or a brief out. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runHook } from '../../src/hosts/hooks.js';
import { openStore } from '../../src/store/open.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/transcripts');
const CC = join(FIXTURES, 'claude-code/session.jsonl');
const AGENT = join(FIXTURES, 'claude-code/with-subagents/sess-1/subagents/agent-a1b2.jsonl');

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const context = () => ({ cwd: repo.dir, env: {} as NodeJS.ProcessEnv });
const input = (o: Record<string, unknown>) => JSON.stringify({ session_id: 's', cwd: repo.dir, ...o });

function additionalContext(stdout: string | undefined): string {
  const parsed = JSON.parse(stdout ?? '{}') as {
    hookSpecificOutput?: { hookEventName?: string; additionalContext?: string };
  };
  expect(parsed.hookSpecificOutput?.hookEventName).toBe('SessionStart');
  return parsed.hookSpecificOutput?.additionalContext ?? '';
}

describe('pre-compact', () => {
  it('writes .baton/handoff.md through the safe write, keeping the previous one in history', async () => {
    repo = createTempRepo();
    const first = await runHook(
      'pre-compact',
      input({ hook_event_name: 'PreCompact', trigger: 'auto', transcript_path: CC }),
      context(),
    );
    expect(first.stderr).toMatch(/^baton: wrote \.baton\/handoff\.md \(id \w+\) before compaction$/);
    const later = join(FIXTURES, 'claude-code/discount.jsonl');
    const again = await runHook(
      'pre-compact',
      input({ trigger: 'manual', transcript_path: later }),
      context(),
    );
    expect(again.stdout).toBeUndefined();
    const handoff = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    expect(handoff).toMatch(/^parent: \w+$/m);
    expect(existsSync(join(repo.dir, '.baton/history'))).toBe(true);
  });

  it('writes once when the host runs it twice for one compaction, and again once the session moved on', async () => {
    repo = createTempRepo();
    const payload = input({ hook_event_name: 'PreCompact', trigger: 'auto', transcript_path: CC });
    await runHook('pre-compact', payload, context());
    const first = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    const id = /^id: (\S+)$/m.exec(first)?.[1];
    const twice = await runHook('pre-compact', payload, context());
    expect(twice.stderr).toBe(
      `baton: .baton/handoff.md already holds this handoff (id ${id}): not written again`,
    );
    expect(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).toBe(first);
    expect(existsSync(join(repo.dir, '.baton/history'))).toBe(false);
    // The repository moved: the same session's handoff now has other provenance, so it is written.
    repo.write('src/new.ts', 'x\n');
    repo.commit('feat: new');
    const moved = await runHook('pre-compact', payload, context());
    expect(moved.stderr).toMatch(/^baton: wrote \.baton\/handoff\.md/);
    expect(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).toMatch(
      new RegExp(`^parent: ${id}$`, 'm'),
    );
  });

  it('says in one line what is wrong and never throws', async () => {
    repo = createTempRepo();
    expect(await runHook('pre-compact', 'not json', context())).toEqual({
      stderr: 'baton hook pre-compact: the host sent no JSON object on stdin; nothing done',
    });
    expect(
      (await runHook('pre-compact', input({ transcript_path: '/nonexistent.jsonl' }), context())).stderr,
    ).toContain('no transcript_path');
    const bogus = join(repo.dir, 'bogus.jsonl');
    writeFileSync(bogus, '{"hello": 1}\n');
    const r = await runHook('pre-compact', input({ transcript_path: bogus }), context());
    expect(r.stderr).toContain('is not a Claude Code session or a Codex rollout');
    expect(existsSync(join(repo.dir, '.baton/handoff.md'))).toBe(false);
  });
});

describe('session-start', () => {
  it('gives the brief after compact, resume and clear, first line naming the path and id', async () => {
    repo = createTempRepo();
    await runHook('pre-compact', input({ transcript_path: CC }), context());
    const id = /^id: (\S+)$/m.exec(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8'))?.[1];
    for (const source of ['compact', 'resume', 'clear']) {
      const text = additionalContext((await runHook('session-start', input({ source }), context())).stdout);
      expect(text.split('\n')[0]).toBe(`baton: resume brief from .baton/handoff.md (handoff ${id}, VALID)`);
      expect(text).toContain('# Resume brief');
    }
  });

  it('gives nothing without a handoff, at any source', async () => {
    repo = createTempRepo();
    for (const source of ['startup', 'compact', 'resume', 'clear'])
      expect(await runHook('session-start', input({ source }), context())).toEqual({});
  });

  it('gives the brief with what moved when STALE', async () => {
    repo = createTempRepo();
    await runHook('pre-compact', input({ transcript_path: CC }), context());
    repo.write('src/parser.ts', 'changed\n');
    repo.commit('move on');
    const text = additionalContext(
      (await runHook('session-start', input({ source: 'resume' }), context())).stdout,
    );
    expect(text.split('\n')[0]).toMatch(/, STALE\)$/);
    expect(text).toContain('STALE');
  });

  it('gives one line, and no brief, for MISMATCH and INVALID', async () => {
    repo = createTempRepo();
    await runHook('pre-compact', input({ transcript_path: CC }), context());
    repo.git('checkout', '-q', '-b', 'other');
    const mismatch = additionalContext(
      (await runHook('session-start', input({ source: 'compact' }), context())).stdout,
    );
    expect(mismatch).toMatch(/^baton: no resume brief: \.baton\/handoff\.md is MISMATCH \(.+\)$/);
    writeFileSync(join(repo.dir, '.baton/handoff.md'), '# nothing here\n');
    const invalid = additionalContext(
      (await runHook('session-start', input({ source: 'compact' }), context())).stdout,
    );
    expect(invalid).toMatch(/^baton: no resume brief: \.baton\/handoff\.md is INVALID/);
    expect(invalid.split('\n')).toHaveLength(1);
  });
});

describe('subagent-stop', () => {
  it('compiles the subagent log and archives it in the store', async () => {
    repo = createTempRepo();
    const r = await runHook(
      'subagent-stop',
      input({ agent_id: 'a1b2', agent_transcript_path: AGENT }),
      context(),
    );
    expect(r.stderr).toMatch(/^baton: archived subagent a1b2 as \w+$/);
    const store = await openStore({ cwd: repo.dir, env: {} });
    try {
      const listed = await store.listHandoffs({});
      expect(listed.map((h) => h.from)).toEqual(['claude-code:subagent:a1b2']);
    } finally {
      await store.close();
    }
  });

  it('does nothing when the host wrote no subagent log', async () => {
    repo = createTempRepo();
    expect(
      await runHook(
        'subagent-stop',
        input({ agent_id: 'x', agent_transcript_path: join(repo.dir, 'none.jsonl') }),
        context(),
      ),
    ).toEqual({});
  });
});

describe('baton hook (the command)', () => {
  const BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/bin/baton.cjs');
  const hook = (args: string[], stdin: string) =>
    spawnSync(process.execPath, [BIN, 'hook', ...args], {
      cwd: repo.dir,
      input: stdin,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });

  it('always exits 0; --quiet keeps only problems on stderr', () => {
    repo = createTempRepo();
    const loud = hook(['pre-compact'], input({ transcript_path: CC }));
    expect(loud.stderr).toMatch(/^baton: wrote \.baton\/handoff\.md/);
    // The second run for the same compaction writes nothing; what it says is not a problem.
    const again = hook(['pre-compact'], input({ transcript_path: CC }));
    expect(again.stderr).toMatch(/already holds this handoff .*: not written again\n$/);
    const ok = hook(['pre-compact', '-q'], input({ transcript_path: CC }));
    expect([ok.status, ok.stdout, ok.stderr]).toEqual([0, '', '']);
    const bad = hook(['pre-compact', '-q'], 'garbage');
    expect([bad.status, bad.stderr]).toEqual([
      0,
      'baton hook pre-compact: the host sent no JSON object on stdin; nothing done\n',
    ]);
    expect(hook(['nope'], '').status).toBe(64);
  });
});
