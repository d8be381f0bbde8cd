/**
 * From one host to the other, with both real binaries offline: a Claude Code session compacts (its
 * PreCompact hook writes the handoff), then a Codex session starts in the same repository and its
 * model is told, in one line, whose handoff is there and how to load it. Also what each host does
 * with the two fields a SessionStart hook can print, which is why baton prints additionalContext.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { batonOnPath, claudeArgs, codexHome, ensureHosts, hostEnv, REPO_ROOT } from './support/hosts.js';
import { requestTexts, startAnthropicStub, startResponsesStub } from './support/model-stubs.js';
import { run } from './support/run.js';

const BATON = join(REPO_ROOT, 'dist/bin/baton.cjs');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempHome(): string {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'baton-xhost-home-')));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  return home;
}

function repository(): TempRepo {
  const repo = createTempRepo();
  cleanups.push(() => repo.cleanup());
  return repo;
}

const codexExec = (...args: string[]) => [
  'exec',
  '--sandbox',
  'workspace-write',
  '--skip-git-repo-check',
  '--dangerously-bypass-hook-trust',
  ...args,
];

describe('from Claude Code to Codex, offline', () => {
  let hosts: { claude: string; codex: string };
  beforeAll(() => {
    hosts = ensureHosts();
  }, 15 * 60_000);

  it('tells a Codex session at start-up of the handoff a Claude Code compaction wrote', async () => {
    const repo = repository();
    const home = tempHome();
    const path = `${batonOnPath(home)}:${process.env.PATH ?? ''}`;
    // Set the repository up first, so the handoff is written against the tree as it stays.
    const init = spawnSync(process.execPath, [BATON, 'init', '--codex'], { cwd: repo.dir, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);

    const claudeStub = await startAnthropicStub(
      [
        { tool: 'Write', input: { file_path: join(repo.dir, 'notes.txt'), content: 'hello\n' } },
        { text: 'Done.' },
      ],
      { summary: 'notes.txt was written.' },
    );
    cleanups.push(() => claudeStub.close());
    const claudeEnv = hostEnv({
      HOME: home,
      PATH: path,
      ANTHROPIC_BASE_URL: claudeStub.url,
      ANTHROPIC_API_KEY: 'sk-ant-test-offline',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
    const first = await run(hosts.claude, claudeArgs('-p', 'Write notes.txt'), repo.dir, claudeEnv);
    expect(first.status, first.stderr).toBe(0);
    const session = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    const compact = await run(
      hosts.claude,
      claudeArgs('-p', '/compact', '--resume', session),
      repo.dir,
      claudeEnv,
    );
    expect(compact.status, compact.stderr).toBe(0);
    const handoff = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    expect(handoff).toContain(`from: claude-code:${session.slice(0, 8)}`);

    const codexStub = await startResponsesStub([{ text: 'I see the handoff.' }]);
    cleanups.push(() => codexStub.close());
    const codexEnv = hostEnv({
      HOME: home,
      PATH: path,
      CODEX_HOME: codexHome(home, codexStub.url, repo.dir),
      STUB_API_KEY: 'offline',
    });
    const codex = await run(
      hosts.codex,
      codexExec('What is the state of this repository?'),
      repo.dir,
      codexEnv,
    );
    expect(codex.status, codex.stderr).toBe(0);
    const told = codexStub.requests
      .flatMap((r) => requestTexts(r.body))
      .find((t) => t.startsWith('baton: .baton/handoff.md holds a handoff from'));
    expect(told).toBe(
      `baton: .baton/handoff.md holds a handoff from Claude Code session ${session.slice(0, 8)}, written just now (VALID); load its brief with \`baton resume\` (in Claude Code with the baton plugin: /baton:resume).`,
    );

    // Loading it gives the brief, as after a compaction.
    const resume = spawnSync(process.execPath, [BATON, 'resume'], {
      cwd: repo.dir,
      env: codexEnv,
      encoding: 'utf8',
    });
    expect(resume.status, resume.stderr).toBe(0);
    expect(resume.stdout).toContain('# Resume brief');
    expect(resume.stdout).toContain(`from claude-code:${session.slice(0, 8)}`);
  }, 300_000);

  it('sends a SessionStart hook’s additionalContext to the model and keeps its systemMessage from it', async () => {
    const hook = `echo '{"systemMessage":"SYSTEM-MESSAGE-FIELD","hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"ADDITIONAL-CONTEXT-FIELD"}}'`;
    const group = [{ matcher: 'startup', hooks: [{ type: 'command', command: hook }] }];
    const seen: Record<string, { context: boolean; system: boolean }> = {};

    const ccRepo = repository();
    mkdirSync(join(ccRepo.dir, '.claude'));
    writeFileSync(
      join(ccRepo.dir, '.claude/settings.json'),
      JSON.stringify({ hooks: { SessionStart: group } }),
    );
    const ccStub = await startAnthropicStub([{ text: 'hi' }]);
    cleanups.push(() => ccStub.close());
    const ccEnv = hostEnv({
      HOME: tempHome(),
      ANTHROPIC_BASE_URL: ccStub.url,
      ANTHROPIC_API_KEY: 'sk-ant-test-offline',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
    const cc = await run(hosts.claude, ['-p', 'hello', '--output-format', 'json'], ccRepo.dir, ccEnv);
    expect(cc.status, cc.stderr).toBe(0);

    const cxRepo = repository();
    mkdirSync(join(cxRepo.dir, '.codex'));
    writeFileSync(join(cxRepo.dir, '.codex/hooks.json'), JSON.stringify({ hooks: { SessionStart: group } }));
    const cxStub = await startResponsesStub([{ text: 'hi' }]);
    cleanups.push(() => cxStub.close());
    const cxHome = tempHome();
    const cxEnv = hostEnv({
      HOME: cxHome,
      CODEX_HOME: codexHome(cxHome, cxStub.url, cxRepo.dir),
      STUB_API_KEY: 'offline',
    });
    const cx = await run(hosts.codex, codexExec('hello'), cxRepo.dir, cxEnv);
    expect(cx.status, cx.stderr).toBe(0);

    for (const [host, stub, out] of [
      ['claude', ccStub, cc],
      ['codex', cxStub, cx],
    ] as const) {
      const texts = stub.requests.flatMap((r) => requestTexts(r.body)).join('\n');
      seen[host] = {
        context: texts.includes('ADDITIONAL-CONTEXT-FIELD'),
        system: texts.includes('SYSTEM-MESSAGE-FIELD'),
      };
      // Neither prints the systemMessage in its headless output either.
      expect(out.stdout + out.stderr).not.toContain('SYSTEM-MESSAGE-FIELD');
    }
    expect(seen).toEqual({
      claude: { context: true, system: false },
      codex: { context: true, system: false },
    });
  }, 300_000);
});
