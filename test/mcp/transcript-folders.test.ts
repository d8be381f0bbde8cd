/**
 * Issue 24 item 15: every Claude Code and Codex session log lives outside the repository, in the
 * hosts' own folders. compile_transcript and import_handoff may read from those folders (and
 * from $CLAUDE_CONFIG_DIR / $CODEX_HOME when set), read only; nothing else outside. The built
 * server over stdio, with the official SDK client.
 */
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT, Scratch } from '../e2e/_helpers.js';
import { call, connectStdio, ok, textOf } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const SESSION = join(import.meta.dirname, '..', 'fixtures', 'transcripts', 'claude-code', 'session.jsonl');

/** A HOME with a Claude Code session log, a Codex CLI home elsewhere, and a repository. */
function setUp() {
  const repo = scratch.repo();
  const home = scratch.plain();
  const claude = join(home, '.claude', 'projects', '-repo');
  mkdirSync(claude, { recursive: true });
  copyFileSync(SESSION, join(claude, 'session.jsonl'));
  const codexHome = join(scratch.plain(), 'codex-home');
  mkdirSync(join(codexHome, 'sessions', '2026', '12', '01'), { recursive: true });
  copyFileSync(SESSION, join(codexHome, 'sessions', '2026', '12', '01', 'copied.jsonl'));
  const outside = scratch.plain();
  copyFileSync(SESSION, join(outside, 'session.jsonl'));
  writeFileSync(join(outside, 'HANDOFF.md'), DRAFT);
  writeFileSync(join(claude, 'HANDOFF.md'), DRAFT);
  return { repo, home, claude, codexHome, outside };
}

describe("the hosts' transcript folders, read only", () => {
  it('compile_transcript and import_handoff read there; a file elsewhere outside is refused', async () => {
    const { repo, home, claude, codexHome, outside } = setUp();
    const mcp = await connectStdio(repo.dir, { HOME: home, CODEX_HOME: codexHome });
    try {
      const compiled = ok(
        await call(mcp.client, 'compile_transcript', { path: join(claude, 'session.jsonl') }),
      );
      expect(String(compiled.markdown)).toContain('## Goal');
      const codex = ok(
        await call(mcp.client, 'compile_transcript', {
          path: join(codexHome, 'sessions/2026/12/01/copied.jsonl'),
        }),
      );
      expect(String(codex.markdown)).toContain('## Goal');
      const imported = ok(await call(mcp.client, 'import_handoff', { path: join(claude, 'HANDOFF.md') }));
      expect(imported.report).toBeDefined();

      for (const [tool, file] of [
        ['compile_transcript', join(outside, 'session.jsonl')],
        ['import_handoff', join(outside, 'HANDOFF.md')],
      ] as const) {
        const r = await call(mcp.client, tool, { path: file });
        expect(r.isError, tool).toBe(true);
        expect(textOf(r)).toMatch(/^PATH_OUTSIDE_REPOSITORY: /);
      }
    } finally {
      await mcp.close();
    }
  });

  it('only for those two tools and only to read: validate_handoff and write_handoff stay in the repository', async () => {
    const { repo, home, claude } = setUp();
    const mcp = await connectStdio(repo.dir, { HOME: home });
    try {
      const v = await call(mcp.client, 'validate_handoff', { path: join(claude, 'HANDOFF.md') });
      expect(textOf(v)).toMatch(/^PATH_OUTSIDE_REPOSITORY: /);
      const w = await call(mcp.client, 'write_handoff', { draft: DRAFT, path: join(claude, 'written.md') });
      expect(textOf(w)).toMatch(/^PATH_OUTSIDE_REPOSITORY: /);
    } finally {
      await mcp.close();
    }
  });

  it('a symlink in the repository that leads into a transcript folder is a read there; one that leads elsewhere is not', async () => {
    const { repo, home, claude, outside } = setUp();
    symlinkSync(join(claude, 'session.jsonl'), join(repo.dir, 'via-link.jsonl'));
    symlinkSync(join(outside, 'session.jsonl'), join(repo.dir, 'elsewhere.jsonl'));
    const mcp = await connectStdio(repo.dir, { HOME: home });
    try {
      ok(await call(mcp.client, 'compile_transcript', { path: 'via-link.jsonl' }));
      const r = await call(mcp.client, 'compile_transcript', { path: 'elsewhere.jsonl' });
      expect(textOf(r)).toMatch(/^PATH_OUTSIDE_REPOSITORY: /);
    } finally {
      await mcp.close();
    }
  });
});
