/**
 * MCP tools never write or read git's own folder (issue 20 item 2): write_handoff into
 * `.git/config` is refused and the config is untouched; validate_handoff, resume_handoff,
 * import_handoff and compile_transcript never read or echo `.git/config` or `.git/HEAD`, named
 * outright, through the default path, or through a planted symlink. Built binary, SDK client.
 */
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT, makeRepo, type TempRepo } from '../e2e/_helpers.js';
import { type Connected, call, connectStdio, refused, textOf } from './_helpers.js';

const SECRET = 'https://user:hunter2-secret@example.com/repo.git';

let repo: TempRepo;
let mcp: Connected;
let config: Buffer;

beforeAll(async () => {
  repo = makeRepo();
  repo.git('remote', 'add', 'origin', SECRET);
  mkdirSync(join(repo.dir, '.baton'));
  mkdirSync(join(repo.dir, 'notes'));
  symlinkSync('../.git/config', join(repo.dir, 'notes', 'config.md'));
  symlinkSync('../.git', join(repo.dir, 'notes', 'dotgit'));
  config = readFileSync(join(repo.dir, '.git', 'config'));
  mcp = await connectStdio(repo.dir);
});

afterAll(async () => {
  await mcp?.close();
  repo?.cleanup();
});

const GIT_PATHS = ['.git/config', '.git/HEAD', '.GIT/config', 'notes/config.md', 'notes/dotgit/HEAD'];

describe('MCP tools and .git/', () => {
  it('write_handoff refuses every path into .git/ and leaves the config as it was', async () => {
    for (const path of [...GIT_PATHS, '.git/hooks/post-checkout']) {
      const text = await refused(
        mcp.client,
        'write_handoff',
        { draft: DRAFT, path },
        'PATH_OUTSIDE_REPOSITORY',
      );
      expect(text).toMatch(/git's own folder/);
    }
    expect(readFileSync(join(repo.dir, '.git', 'config'))).toEqual(config);
    expect(repo.git('config', 'remote.origin.url')).toBe(SECRET);
  });

  it('validate_handoff, resume_handoff, import_handoff and compile_transcript read none of it', async () => {
    for (const path of GIT_PATHS) {
      for (const tool of ['validate_handoff', 'resume_handoff', 'import_handoff', 'compile_transcript']) {
        const result = await call(mcp.client, tool, { path });
        expect(result.isError, `${tool} ${path}`).toBe(true);
        expect(textOf(result)).toMatch(/^PATH_OUTSIDE_REPOSITORY: /);
        expect(JSON.stringify(result)).not.toContain('hunter2');
        expect(JSON.stringify(result)).not.toContain('refs/heads');
      }
    }
  });

  it('the default handoff path planted as a link into .git/ is refused by every reader', async () => {
    symlinkSync('../.git/config', join(repo.dir, '.baton', 'handoff.md'));
    for (const tool of ['validate_handoff', 'resume_handoff']) {
      const result = await call(mcp.client, tool, {});
      expect(textOf(result)).toMatch(/^PATH_OUTSIDE_REPOSITORY: /);
      expect(JSON.stringify(result)).not.toContain('hunter2');
    }
    await expect(mcp.client.readResource({ uri: 'baton://handoff/current' })).rejects.toThrow(
      /PATH_OUTSIDE_REPOSITORY/,
    );
    const folder = await call(mcp.client, 'validate_handoff', { path: 'notes' });
    expect(JSON.stringify(folder)).not.toContain('hunter2');
  });
});
