/**
 * Hooks installed while baton is not on PATH: the person must learn that no handoff is written,
 * where they see it (a SessionStart `systemMessage`), once per session, and the session must go on.
 * Checked with the real Claude Code and the plugin, and on the commands `baton init` writes for
 * both hosts, run by `sh` as the hosts run them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { batonOnPath, ensureHosts, hostEnv, REPO_ROOT } from './support/hosts.js';
import { type ModelStub, startAnthropicStub } from './support/model-stubs.js';
import { run } from './support/run.js';

/** A PATH with node's folder and the system's, and no baton in any of them. */
const NO_BATON_PATH = [dirname(process.execPath), '/usr/bin', '/bin'].join(':');

interface HookResponse {
  hook_name: string;
  stdout: string;
  exit_code: number;
}

/** The SessionStart hook responses in a stream-json transcript of `claude -p`. */
function sessionStartResponses(stdout: string): HookResponse[] {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { type: string; subtype?: string } & HookResponse)
    .filter(
      (e) => e.type === 'system' && e.subtype === 'hook_response' && e.hook_name.startsWith('SessionStart'),
    );
}

const systemMessages = (responses: HookResponse[]) =>
  responses.flatMap((r) => r.stdout.split('\n').filter((l) => l.includes('"systemMessage"')));

describe('Claude Code with the plugin and no baton on PATH', () => {
  let claude: string;
  let repo: TempRepo;
  let home: string;
  let stub: ModelStub;

  beforeAll(async () => {
    claude = ensureHosts().claude;
    repo = createTempRepo();
    home = realpathSync(mkdtempSync(join(tmpdir(), 'baton-cc-home-')));
    stub = await startAnthropicStub([{ text: 'hello' }, { text: 'again' }, { text: 'and again' }], {
      summary: 'The user said hello.',
    });
  }, 15 * 60_000);

  afterAll(async () => {
    await stub?.close();
    repo?.cleanup();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  const env = (path: string) =>
    hostEnv({
      HOME: home,
      PATH: path,
      ANTHROPIC_BASE_URL: stub.url,
      ANTHROPIC_API_KEY: 'sk-ant-test-offline',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
  const args = (...more: string[]) => [
    ...more,
    '--output-format',
    'stream-json',
    '--verbose',
    '--include-hook-events',
    '--plugin-dir',
    join(REPO_ROOT, 'plugins/baton'),
  ];

  it('says so in a systemMessage when the session starts, and not again on resume or compaction', async () => {
    const first = await run(claude, args('-p', 'hello'), repo.dir, env(NO_BATON_PATH));
    expect(first.status, first.stderr).toBe(0);
    const atStart = sessionStartResponses(first.stdout);
    const said = systemMessages(atStart);
    expect(said).toHaveLength(1);
    const message = (JSON.parse(said[0] as string) as { systemMessage: string }).systemMessage;
    expect(message).toMatch(/^baton is not on PATH, so no handoff is written before compaction/);
    expect(message).toContain('npm i -g baton-handoff');
    expect(atStart.every((r) => r.exit_code === 0)).toBe(true);

    const session = /"session_id":"([^"]+)"/.exec(first.stdout)?.[1] as string;
    for (const prompt of ['again', '/compact']) {
      const next = await run(claude, args('-p', prompt, '--resume', session), repo.dir, env(NO_BATON_PATH));
      expect(next.status, next.stderr).toBe(0);
      const responses = sessionStartResponses(next.stdout);
      expect(responses.length).toBeGreaterThan(0);
      expect(systemMessages(responses)).toEqual([]);
    }
  }, 240_000);

  it('says nothing when baton is on PATH', async () => {
    const withBaton = `${batonOnPath(home)}:${NO_BATON_PATH}`;
    const r = await run(claude, args('-p', 'hello'), repo.dir, env(withBaton));
    expect(r.status, r.stderr).toBe(0);
    const responses = sessionStartResponses(r.stdout);
    expect(responses.length).toBeGreaterThan(0);
    expect(systemMessages(responses)).toEqual([]);
  }, 120_000);
});

describe('the SessionStart commands baton init writes, without baton on PATH', () => {
  let repo: TempRepo;
  afterAll(() => repo?.cleanup());

  /** What the SessionStart commands of a hooks file print on stdout for one source, as the host runs them. */
  function sessionStart(file: string, source: string): string[] {
    const hooks = (
      JSON.parse(readFileSync(join(repo.dir, file), 'utf8')) as {
        hooks: { SessionStart: { matcher?: string; hooks: { command: string }[] }[] };
      }
    ).hooks.SessionStart;
    const out: string[] = [];
    for (const group of hooks) {
      if (group.matcher && !new RegExp(`^(${group.matcher})$`).test(source)) continue;
      for (const h of group.hooks) {
        const r = spawnSync('sh', ['-c', h.command], {
          cwd: repo.dir,
          input: JSON.stringify({ session_id: 's', cwd: repo.dir, hook_event_name: 'SessionStart', source }),
          env: { PATH: NO_BATON_PATH },
          encoding: 'utf8',
        });
        expect(r.status).toBe(0);
        if (r.stdout !== '') out.push(r.stdout);
      }
    }
    return out;
  }

  it('gives one systemMessage at startup and clear, none after compact or resume, for both hosts', () => {
    repo = createTempRepo();
    const init = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'dist/bin/baton.cjs'), 'init', '--claude-code', '--codex'],
      {
        cwd: repo.dir,
        encoding: 'utf8',
      },
    );
    expect(init.status, init.stderr).toBe(0);
    for (const file of ['.claude/settings.json', '.codex/hooks.json']) {
      for (const source of ['startup', 'clear']) {
        const out = sessionStart(file, source);
        expect(out, `${file} ${source}`).toHaveLength(1);
        expect((JSON.parse(out[0] as string) as { systemMessage: string }).systemMessage).toContain(
          'npm i -g baton-handoff',
        );
      }
      for (const source of ['compact', 'resume'])
        expect(sessionStart(file, source), `${file} ${source}`).toEqual([]);
    }
  });
});
