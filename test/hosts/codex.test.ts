/**
 * The real Codex CLI, offline against a local Responses API stand-in, with the hooks `baton init
 * --codex` writes: a scripted session writes a file with apply_patch, runs a passing and a failing
 * check, and is compacted automatically on the next turn. PreCompact must write a VALID handoff
 * naming the file and the failing check with the request as Goal, and the request after the
 * compaction must carry the brief, with what the (scripted, wrong) summary says that the log does
 * not. Without trust, Codex runs no project hook at all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { batonOnPath, codexHome, ensureHosts, hostEnv, REPO_ROOT } from './support/hosts.js';
import { type ModelStub, requestTexts, startResponsesStub, type Turn } from './support/model-stubs.js';
import { run } from './support/run.js';

const REQUEST = 'Add notes.txt with a greeting, then check that it and missing.txt exist';
const BATON = join(REPO_ROOT, 'dist/bin/baton.cjs');
const PATCH = "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch\nEOF";
const SCRIPT: Turn[] = [
  { tool: 'exec_command', input: { cmd: PATCH } },
  { tool: 'exec_command', input: { cmd: 'test -f notes.txt' } },
  { tool: 'exec_command', input: { cmd: 'test -f missing.txt' } },
  { text: 'notes.txt is added; missing.txt does not exist yet.' },
];
// The model's summary at each compaction: wrong about a file and about the checks.
const SUMMARY = 'Progress: added notes.txt and src/other.txt; all checks pass.';

describe('Codex with the hooks of baton init --codex, offline', () => {
  let codex: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(() => {
    codex = ensureHosts().codex;
  }, 15 * 60_000);

  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  /** A repository with the Codex hooks, a CODEX_HOME whose provider is the stand-in, and the env. */
  async function setUp(): Promise<{ repo: TempRepo; stub: ModelStub; env: NodeJS.ProcessEnv }> {
    const repo = createTempRepo();
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'baton-codex-home-')));
    // Every reply reports more input than the auto-compaction limit: Codex compacts before the next turn.
    const stub = await startResponsesStub(SCRIPT, { summary: SUMMARY, inputTokens: 3000 });
    cleanups.push(
      () => stub.close(),
      () => repo.cleanup(),
      () => rmSync(home, { recursive: true, force: true }),
    );
    const dir = codexHome(home, stub.url, repo.dir, { autoCompactTokens: 200 });
    const env = hostEnv({
      HOME: home,
      CODEX_HOME: dir,
      STUB_API_KEY: 'offline',
      PATH: `${batonOnPath(home)}:${process.env.PATH ?? ''}`,
    });
    const init = spawnSync(process.execPath, [BATON, 'init', '--codex'], {
      cwd: repo.dir,
      env,
      encoding: 'utf8',
    });
    expect(init.status, init.stderr).toBe(0);
    expect(existsSync(join(repo.dir, '.codex/hooks.json'))).toBe(true);
    return { repo, stub, env };
  }

  const exec = (...args: string[]) => [
    'exec',
    '--sandbox',
    'workspace-write',
    '--skip-git-repo-check',
    ...args,
  ];

  it('compiles the rollout at PreCompact and sends the brief after compaction', async () => {
    const { repo, stub, env } = await setUp();
    const first = await run(codex, exec('--dangerously-bypass-hook-trust', REQUEST), repo.dir, env);
    expect(first.status, first.stderr).toBe(0);
    expect(readFileSync(join(repo.dir, 'notes.txt'), 'utf8')).toBe('hello\n');
    const next = await run(
      codex,
      exec('--dangerously-bypass-hook-trust', 'resume', '--last', 'continue'),
      repo.dir,
      env,
    );
    expect(next.status, next.stderr).toBe(0);

    const handoff = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    expect(handoff).toContain(`## Goal\n\n${REQUEST}\n`);
    expect(handoff).toContain('- created `notes.txt`');
    expect(handoff).toContain('- failed — `test -f missing.txt` — exit 1');
    expect(handoff).toContain('- passed — `test -f notes.txt` — exit 0');
    expect(handoff).toMatch(/^from: codex:/m);
    const id = /^id: (\S+)$/m.exec(handoff)?.[1];
    const validate = spawnSync(process.execPath, [BATON, 'validate'], {
      cwd: repo.dir,
      env,
      encoding: 'utf8',
    });
    expect(validate.stderr).toBe('');
    expect(validate.status).toBe(0);

    const bodies = stub.requests.map((r) => JSON.stringify(r.body));
    const lastCompaction = bodies.findLastIndex((b) => b.includes('CONTEXT CHECKPOINT COMPACTION'));
    expect(lastCompaction).toBeGreaterThanOrEqual(0);
    const after = stub.requests.slice(lastCompaction + 1).flatMap((r) => requestTexts(r.body));
    // The brief after the compaction (the one at `resume` before it has the same handoff).
    const briefs = after.filter((t) =>
      t.includes(`baton: resume brief from .baton/handoff.md (handoff ${id}`),
    );
    expect(briefs.length).toBeGreaterThan(0);
    const checked = briefs.find((t) => t.includes("## What Codex's summary says that the log does not"));
    expect(checked, 'no brief after the compaction names what the summary gets wrong').toBeDefined();
    expect(checked).toContain(
      '- The summary says it added `src/other.txt`, but no tool call in the session wrote, edited or deleted that file, and git shows no change to it.',
    );
    expect(checked).toContain(
      '- The summary says all checks pass, but `test -f missing.txt` failed on its last run (exit 1).',
    );
  }, 240_000);

  it('runs no project hook until the hooks are trusted', async () => {
    const { repo, stub, env } = await setUp();
    const first = await run(codex, exec(REQUEST), repo.dir, env);
    expect(first.status, first.stderr).toBe(0);
    const next = await run(codex, exec('resume', '--last', 'continue'), repo.dir, env);
    expect(next.status, next.stderr).toBe(0);
    expect(existsSync(join(repo.dir, 'notes.txt'))).toBe(true);
    // The session did compact; only the untrusted hook did not run.
    expect(stub.requests.some((r) => JSON.stringify(r.body).includes('CONTEXT CHECKPOINT COMPACTION'))).toBe(
      true,
    );
    expect(existsSync(join(repo.dir, '.baton/handoff.md'))).toBe(false);
  }, 240_000);
});
