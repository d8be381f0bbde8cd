/** `baton init` on a fresh repository and on one with settings of its own, through the built CLI. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE_CODE_HOOKS, hookCommand, hooksObject } from '../../src/hosts/hook-commands.js';
import { GITIGNORE_MARKER } from '../../src/hosts/init.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'dist/bin/baton.cjs');

let repo: TempRepo;
afterEach(() => repo?.cleanup());

function init(...args: string[]) {
  return spawnSync(process.execPath, [BIN, 'init', ...args], {
    cwd: repo.dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
}
const read = (p: string) => readFileSync(join(repo.dir, p), 'utf8');
const json = (p: string) =>
  JSON.parse(read(p)) as {
    hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
  } & Record<string, unknown>;

describe('baton init', () => {
  it('sets up a fresh repository: config, .gitignore block, and both hosts’ hooks', () => {
    repo = createTempRepo();
    const r = init('--claude-code', '--codex');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      'created   .baton/config.json\ncreated   .gitignore\ncreated   .claude/settings.json\ncreated   .codex/hooks.json\n',
    );
    expect(read('.gitignore')).toContain(GITIGNORE_MARKER);
    const claude = json('.claude/settings.json');
    expect(Object.keys(claude.hooks)).toEqual(['PreCompact', 'SessionStart', 'SubagentStop']);
    expect(claude.hooks.SessionStart?.[0]?.matcher).toBe('startup|resume|clear|compact');
    expect(Object.keys(json('.codex/hooks.json').hooks)).toEqual(['PreCompact', 'SessionStart']);
    // What git would commit: the handoff and config yes; store, history, runs no.
    repo.write('.baton/handoff.md', 'x');
    repo.write('.baton/baton.db', 'x');
    repo.write('.baton/history/a.md', 'x');
    repo.write('.baton/runs/r/events.jsonl', 'x');
    const status = repo.git('status', '--porcelain', '--untracked-files=all');
    expect(status).toContain('.baton/handoff.md');
    expect(status).toContain('.baton/config.json');
    expect(status).not.toMatch(/baton\.db|history|runs/);
  });

  it('is idempotent: a second run changes nothing', () => {
    repo = createTempRepo();
    init('--claude-code', '--codex');
    const before = [
      read('.gitignore'),
      read('.claude/settings.json'),
      read('.codex/hooks.json'),
      read('.baton/config.json'),
    ];
    const r = init('--claude-code', '--codex');
    expect(r.status).toBe(0);
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => l.startsWith('unchanged')),
    ).toBe(true);
    expect([
      read('.gitignore'),
      read('.claude/settings.json'),
      read('.codex/hooks.json'),
      read('.baton/config.json'),
    ]).toEqual(before);
  });

  it('merges settings it finds and never replaces a file it did not write', () => {
    repo = createTempRepo();
    repo.write('.gitignore', 'node_modules/');
    repo.write('.baton/config.json', '{"store": "postgres://db/baton"}\n');
    const mine = {
      model: 'opus',
      hooks: {
        PreCompact: [{ hooks: [{ type: 'command', command: 'echo mine' }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }],
      },
    };
    repo.write('.claude/settings.json', JSON.stringify(mine));
    const r = init('--claude-code');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('unchanged .baton/config.json');
    expect(read('.baton/config.json')).toBe('{"store": "postgres://db/baton"}\n');
    expect(read('.gitignore').startsWith('node_modules/\n\n# baton:')).toBe(true);
    const merged = json('.claude/settings.json');
    expect(merged.model).toBe('opus');
    expect(merged.hooks.Stop).toEqual(mine.hooks.Stop);
    expect(merged.hooks.PreCompact?.map((g) => g.hooks[0]?.command)).toEqual([
      'echo mine',
      hookCommand('pre-compact'),
    ]);
  });

  it('brings the matcher of its own SessionStart entry up to date, and no one else’s', () => {
    repo = createTempRepo();
    const baton = { type: 'command', command: hookCommand('session-start'), timeout: 10 };
    const shared = [baton, { type: 'command', command: 'echo mine' }];
    repo.write(
      '.codex/hooks.json',
      JSON.stringify({ hooks: { SessionStart: [{ matcher: 'compact|resume|clear', hooks: [baton] }] } }),
    );
    repo.write(
      '.claude/settings.json',
      JSON.stringify({ hooks: { SessionStart: [{ matcher: 'resume', hooks: shared }] } }),
    );
    const r = init('--claude-code', '--codex');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('updated   .codex/hooks.json');
    // Besides, each file gets the entry that says when baton is missing (issue 24 item 2).
    const missing = CLAUDE_CODE_HOOKS.find((h) => h.matcher === 'startup|clear');
    const added = {
      matcher: 'startup|clear',
      hooks: [{ type: 'command', command: missing?.command, timeout: 10 }],
    };
    expect(json('.codex/hooks.json').hooks.SessionStart).toEqual([
      { matcher: 'startup|resume|clear|compact', hooks: [baton] },
      added,
    ]);
    // A group the person shares with baton's command is theirs: left as it is.
    expect(json('.claude/settings.json').hooks.SessionStart).toEqual([
      { matcher: 'resume', hooks: shared },
      added,
    ]);
  });

  it('refuses a settings file that is not JSON before changing anything', () => {
    repo = createTempRepo();
    repo.write('.claude/settings.json', '{ "hooks": ');
    const r = init('--claude-code');
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(
      /^baton: .*\.claude\/settings\.json: not valid JSON .*; nothing was changed$/,
    );
    expect(read('.claude/settings.json')).toBe('{ "hooks": ');
    expect(existsSync(join(repo.dir, '.gitignore'))).toBe(false);
    expect(existsSync(join(repo.dir, '.baton/config.json'))).toBe(false);
  });

  it('writes the same hook commands the plugin ships', () => {
    const plugin = JSON.parse(readFileSync(join(ROOT, 'plugins/baton/hooks/hooks.json'), 'utf8')) as {
      hooks: unknown;
    };
    expect(plugin.hooks).toEqual(hooksObject(CLAUDE_CODE_HOOKS));
  });

  it('sets up the repository root when run from a subfolder', () => {
    repo = createTempRepo({ initialCommit: false });
    const plain = join(repo.dir, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'x'), '');
    const r = spawnSync(process.execPath, [BIN, 'init'], { cwd: plain, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(existsSync(join(repo.dir, '.baton/config.json'))).toBe(true);
  });
});
