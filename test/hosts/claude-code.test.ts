/**
 * The real Claude Code binary, offline against a local Messages API stand-in, with this
 * repository's plugin: a scripted session writes a file, runs a passing and a failing check,
 * compacts and continues. The PreCompact hook must write a VALID handoff naming the file and the
 * failing check with the request as Goal, and the model must be sent the brief after compaction —
 * with, when the scripted summary is wrong, each claim of it that the log and git contradict.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { batonOnPath, claudeArgs, ensureHosts, hostEnv, REPO_ROOT } from './support/hosts.js';
import { type ModelStub, requestTexts, startAnthropicStub } from './support/model-stubs.js';
import { run } from './support/run.js';

const REQUEST = 'Create notes.txt with a greeting, then check that it and missing.txt exist';

describe('Claude Code with the baton plugin, offline', () => {
  let claude: string;
  let repo: TempRepo;
  let home: string;
  let stub: ModelStub;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    claude = ensureHosts().claude;
    repo = createTempRepo();
    home = realpathSync(mkdtempSync(join(tmpdir(), 'baton-cc-home-')));
    stub = await startAnthropicStub(
      [
        { tool: 'Write', input: { file_path: join(repo.dir, 'notes.txt'), content: 'hello\n' } },
        { tool: 'Bash', input: { command: 'test -f notes.txt', description: 'notes.txt exists' } },
        { tool: 'Bash', input: { command: 'test -f missing.txt', description: 'missing.txt exists' } },
        { text: 'notes.txt is written; missing.txt does not exist yet.' },
      ],
      { summary: 'The user asked for notes.txt; it was written.' },
    );
    env = hostEnv({
      HOME: home,
      PATH: `${batonOnPath(home)}:${process.env.PATH ?? ''}`,
      ANTHROPIC_BASE_URL: stub.url,
      ANTHROPIC_API_KEY: 'sk-ant-test-offline',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
  }, 15 * 60_000);

  afterAll(async () => {
    await stub?.close();
    repo?.cleanup();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('compiles the session at PreCompact and sends the brief to the model after compaction', async () => {
    const first = await run(claude, claudeArgs('-p', REQUEST), repo.dir, env);
    expect(first.status, first.stderr).toBe(0);
    const session = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    expect(readFileSync(join(repo.dir, 'notes.txt'), 'utf8')).toBe('hello\n');

    const compact = await run(claude, claudeArgs('-p', '/compact', '--resume', session), repo.dir, env);
    expect(compact.status, compact.stderr).toBe(0);
    const handoffPath = join(repo.dir, '.baton/handoff.md');
    expect(existsSync(handoffPath)).toBe(true);
    const handoff = readFileSync(handoffPath, 'utf8');
    expect(handoff).toContain(`## Goal\n\n${REQUEST}\n`);
    expect(handoff).toContain('- created `notes.txt`');
    // Claude Code 2.1.332 does not flag a false `test` as an error: it explains it ("Condition is false").
    expect(handoff).toContain('- failed — `test -f missing.txt` — non-zero exit');
    expect(handoff).toContain('- passed — `test -f notes.txt` — exit 0');
    const id = /^id: (\S+)$/m.exec(handoff)?.[1];
    expect(id).toBeDefined();

    const validate = spawnSync(process.execPath, [join(REPO_ROOT, 'dist/bin/baton.cjs'), 'validate'], {
      cwd: repo.dir,
      env,
      encoding: 'utf8',
    });
    expect(validate.stderr).toBe('');
    expect(validate.status).toBe(0);

    const before = stub.requests.length;
    const next = await run(claude, claudeArgs('-p', 'continue', '--resume', session), repo.dir, env);
    expect(next.status, next.stderr).toBe(0);
    const after = stub.requests.slice(before).map((r) => JSON.stringify(r.body));
    const withBrief = after.filter((b) =>
      b.includes(`baton: resume brief from .baton/handoff.md (handoff ${id}`),
    );
    expect(withBrief.length).toBeGreaterThan(0);
    expect(withBrief[0]).toContain('# Resume brief');
    // The summary is true: nothing is said about it.
    expect(withBrief[0]).not.toContain("Claude Code's summary says");
  }, 240_000);

  it('names each claim of a wrong summary in the brief the model gets after /compact', async () => {
    const wrong = createTempRepo();
    const wrongStub = await startAnthropicStub(
      [
        { tool: 'Write', input: { file_path: join(wrong.dir, 'feature.txt'), content: 'apple\n' } },
        {
          tool: 'Bash',
          input: { command: 'grep -q PINEAPPLE feature.txt', description: 'check the feature' },
        },
        { text: 'feature.txt is written; it has no PINEAPPLE yet.' },
      ],
      { summary: 'Summary:\n- Wrote `feature.txt` and `src/other.txt`.\n- All checks pass.' },
    );
    try {
      const e = { ...env, ANTHROPIC_BASE_URL: wrongStub.url };
      const first = await run(claude, claudeArgs('-p', 'Write feature.txt and check it'), wrong.dir, e);
      expect(first.status, first.stderr).toBe(0);
      const session = (JSON.parse(first.stdout) as { session_id: string }).session_id;
      const compact = await run(claude, claudeArgs('-p', '/compact', '--resume', session), wrong.dir, e);
      expect(compact.status, compact.stderr).toBe(0);
      const before = wrongStub.requests.length;
      const next = await run(claude, claudeArgs('-p', 'continue', '--resume', session), wrong.dir, e);
      expect(next.status, next.stderr).toBe(0);
      const texts = wrongStub.requests.slice(before).flatMap((r) => requestTexts(r.body));
      const brief = texts.find((t) => t.includes("## What Claude Code's summary says that the log does not"));
      expect(brief, 'the brief after compaction has no section on the summary').toBeDefined();
      expect(brief).toContain(
        '- The summary says it wrote `src/other.txt`, but no tool call in the session wrote, edited or deleted that file, and git shows no change to it.',
      );
      expect(brief).toContain(
        '- The summary says all checks pass, but `grep -q PINEAPPLE feature.txt` failed on its last run (non-zero exit).',
      );
    } finally {
      await wrongStub.close();
      wrong.cleanup();
    }
  }, 240_000);

  it('archives a subagent in the store when it stops', async () => {
    const sub = createTempRepo();
    const subStub = await startAnthropicStub(
      [
        {
          tool: 'Agent',
          input: { description: 'Write sub.txt', prompt: 'Write sub.txt', subagent_type: 'general-purpose' },
        },
        { text: 'The subagent wrote sub.txt.' },
      ],
      {
        subagent: [
          { tool: 'Write', input: { file_path: join(sub.dir, 'sub.txt'), content: 'from the subagent\n' } },
          { text: 'sub.txt is written.' },
        ],
      },
    );
    try {
      const subEnv = { ...env, ANTHROPIC_BASE_URL: subStub.url };
      const r = await run(claude, claudeArgs('-p', 'Have a subagent write sub.txt'), sub.dir, subEnv);
      expect(r.status, r.stderr).toBe(0);
      expect(existsSync(join(sub.dir, 'sub.txt'))).toBe(true);
      const log = spawnSync(process.execPath, [join(REPO_ROOT, 'dist/bin/baton.cjs'), 'log'], {
        cwd: sub.dir,
        env: subEnv,
        encoding: 'utf8',
      });
      expect(log.status, log.stderr).toBe(0);
      expect(log.stdout).toMatch(/claude-code:subagent:\w+/);
      const archived = readdirSync(join(sub.dir, '.baton/subagents'));
      expect(archived).toHaveLength(1);
      const text = readFileSync(join(sub.dir, '.baton/subagents', archived[0] as string), 'utf8');
      expect(text).toContain('- created `sub.txt`');
      expect(text).toContain('## Goal\n\nWrite sub.txt\n');
    } finally {
      await subStub.close();
      sub.cleanup();
    }
  }, 240_000);

  it('passes claude plugin validate, for the plugin and for the marketplace', () => {
    for (const target of [join(REPO_ROOT, 'plugins/baton'), REPO_ROOT]) {
      const r = spawnSync(claude, ['plugin', 'validate', target], { env, encoding: 'utf8', timeout: 60_000 });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain('Validation passed');
    }
  }, 120_000);
});
