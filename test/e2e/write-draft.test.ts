/**
 * The README's `baton write --from builder --task TASK-03 < draft.md` on the drafts a new user
 * writes (issue 24 item 6): no front matter, front matter without `status`, and the complete
 * draft docs/formats.md shows; MCP's write_handoff takes a `status` too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, connectStdio, ok } from '../mcp/_helpers.js';
import { baton, DRAFT, frontMatter, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const README_WRITE = ['write', '--from', 'builder', '--task', 'TASK-03'];
/** DRAFT without its front matter: what a person writes by hand. */
const BODY_ONLY = DRAFT.slice(DRAFT.indexOf('# Handoff'));
const FORMATS_DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'formats.md'), 'utf8');

describe('a draft without status', () => {
  it('without front matter is written as in-progress, and write says so', () => {
    const repo = scratch.repo();
    const r = baton(README_WRITE, { cwd: repo.dir, input: BODY_ONLY });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('note: status: in-progress (the default');
    const written = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    expect(frontMatter(written)).toMatchObject({ from: 'builder', task: 'TASK-03', status: 'in-progress' });
    expect(baton(['validate'], { cwd: repo.dir }).status).toBe(0);
  });

  it('with front matter that has no status line is written as in-progress too; --status wins', () => {
    const repo = scratch.repo();
    const noStatus = DRAFT.replace('status: in-progress\n', '');
    expect(baton(['write'], { cwd: repo.dir, input: noStatus }).status).toBe(0);
    expect(frontMatter(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).status).toBe('in-progress');
    const blocked = baton(['write', '--status', 'blocked'], { cwd: repo.dir, input: noStatus });
    expect(blocked.status).toBe(0);
    expect(blocked.stderr).not.toContain('the default');
    expect(frontMatter(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).status).toBe('blocked');
  });
});

describe("docs/formats.md's complete draft", () => {
  it('is written as it is by the README command, every section kept', () => {
    const marker = FORMATS_DOC.indexOf('test/e2e/write-draft.test.ts writes it');
    const draft = /```markdown\n([\s\S]*?)```/.exec(FORMATS_DOC.slice(marker))?.[1] as string;
    expect(draft).toContain('# Handoff: TASK-03');
    const repo = scratch.repo();
    const r = baton(README_WRITE, { cwd: repo.dir, input: draft });
    expect(r.status, r.stderr).toBe(0);
    const written = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    for (const heading of [
      'Goal',
      'Summary',
      'Done',
      'Remaining',
      'Decisions',
      'Facts',
      'Files touched',
      'Validation',
      'Open concerns',
      'Dead ends',
      'Preferences',
      'Notes',
    ]) {
      expect(written, heading).toContain(`\n## ${heading}\n`);
    }
    expect(written.slice(written.indexOf('# Handoff'))).toBe(draft);
    const v = baton(['validate'], { cwd: repo.dir });
    expect([v.status, v.stderr]).toEqual([0, '']);
  });

  it('is self-contained: formats.md points to no design file outside the repository', () => {
    expect(FORMATS_DOC).not.toMatch(/shared\/design|FORMATS\.md §/);
  });
});

describe("MCP's write_handoff", () => {
  it('takes a status, and defaults to in-progress when neither it nor the draft gives one', async () => {
    const repo = scratch.repo();
    const server = await connectStdio(repo.dir);
    try {
      const first = ok(await call(server.client, 'write_handoff', { draft: BODY_ONLY, from: 'builder' }));
      expect(first.notes).toEqual([expect.stringContaining('status: in-progress (the default')]);
      expect(frontMatter(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).status).toBe(
        'in-progress',
      );
      ok(
        await call(server.client, 'write_handoff', { draft: BODY_ONLY, from: 'builder', status: 'blocked' }),
      );
      expect(frontMatter(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).status).toBe('blocked');
    } finally {
      await server.close();
    }
  });
});
