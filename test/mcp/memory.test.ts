/**
 * The server the library builds, driven by the SDK client over an in-memory transport pair:
 * resources, prompts, path containment, the error mapping.
 */
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.js';
import { describeError, toolError as toolErrorResult } from '../../src/servers/mcp/_errors.js';
import { openStore } from '../../src/store/index.js';
import { baton, cleanEnv, DRAFT, Scratch } from '../e2e/_helpers.js';
import { call, connectMemory, ok, PHASE_PLAN, refused, textOf } from './_helpers.js';

const scratch = new Scratch();

const promptText = (p: { messages: { content: unknown }[] }) =>
  String((p.messages[0]?.content as { text?: string } | undefined)?.text);
afterEach(() => scratch.cleanup());

describe('resources', () => {
  it('baton://handoff/current is the handoff in the repository now', async () => {
    const repo = scratch.repo();
    const mcp = await connectMemory(repo.dir);
    try {
      await expect(mcp.client.readResource({ uri: 'baton://handoff/current' })).rejects.toThrow(
        /FILE_NOT_FOUND: /,
      );
      ok(await call(mcp.client, 'write_handoff', { draft: DRAFT }));
      const read = await mcp.client.readResource({ uri: 'baton://handoff/current' });
      const first = read.contents[0] as { text: string; mimeType: string };
      expect(first.mimeType).toBe('text/markdown');
      expect(first.text).toContain('## Goal');
      const { resources } = await mcp.client.listResources();
      expect(resources.map((r) => r.uri)).toContain('baton://handoff/current');
    } finally {
      await mcp.close();
    }
  });

  it('baton://handoff/{id} and baton://run/{id} read the store, and list what it holds', async () => {
    const repo = scratch.repo();
    const mcp = await connectMemory(repo.dir);
    try {
      const saved = ok(await call(mcp.client, 'save_phase_handoff', PHASE_PLAN));
      const store = await openStore({ cwd: repo.dir, env: cleanEnv() });
      await store.putRunSummary({
        run_id: 'run-42',
        status: 'done',
        started_at: '2026-12-01T09:00:00Z',
        data: { tasks: 2 },
      });
      await store.close();
      const id = String(saved.id);
      const handoff = await mcp.client.readResource({ uri: `baton://handoff/${id}` });
      expect((handoff.contents[0] as { text: string }).text).toContain('smallest change first');
      const run = await mcp.client.readResource({ uri: 'baton://run/run-42' });
      expect(JSON.parse((run.contents[0] as { text: string }).text)).toMatchObject({
        run_id: 'run-42',
        summary: { status: 'done' },
      });
      const { resources } = await mcp.client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(
        expect.arrayContaining([`baton://handoff/${id}`, 'baton://run/run-42']),
      );
      const templates = await mcp.client.listResourceTemplates();
      expect(templates.resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
        'baton://handoff/{id}',
        'baton://run/{id}',
      ]);
      await expect(mcp.client.readResource({ uri: 'baton://handoff/NOPE' })).rejects.toThrow(
        /STORE_NOT_FOUND: /,
      );
      await expect(mcp.client.readResource({ uri: 'baton://run/nope' })).rejects.toThrow(/RUN_NOT_FOUND: /);
      await expect(mcp.client.ping()).resolves.toBeDefined();
    } finally {
      await mcp.close();
    }
  });
});

describe('validate_handoff over a folder', () => {
  it('gives {verdict, exitCode, reports} as `baton validate --json` does for several files', async () => {
    const repo = scratch.repo();
    repo.write('.gitignore', 'handoffs/\n');
    repo.commit('ignore handoffs/');
    const mcp = await connectMemory(repo.dir);
    try {
      ok(await call(mcp.client, 'write_handoff', { draft: DRAFT, path: 'handoffs/a.md' }));
      // A file that says it is a handoff and is not one (a folder skips files that do not say so).
      repo.write('handoffs/b.md', '---\nschema: baton/handoff-v1\n---\n# not a handoff\n');
      const data = ok(await call(mcp.client, 'validate_handoff', { path: 'handoffs' }));
      expect(data).toEqual(JSON.parse(baton(['validate', '--json', 'handoffs'], { cwd: repo.dir }).stdout));
      expect(data).toMatchObject({ verdict: 'INVALID', exitCode: 1 });
      expect((data.reports as { verdict: string }[]).map((r) => r.verdict)).toEqual(['VALID', 'INVALID']);
    } finally {
      await mcp.close();
    }
  });
});

describe('prompts', () => {
  it('handoff asks for a draft and write_handoff; resume carries the brief or says why there is none', async () => {
    const repo = scratch.repo();
    const mcp = await connectMemory(repo.dir);
    try {
      const { prompts } = await mcp.client.listPrompts();
      expect(prompts.map((p) => p.name).sort()).toEqual(['handoff', 'resume']);
      const handoff = await mcp.client.getPrompt({ name: 'handoff', arguments: { task: 'TASK-9' } });
      const ask = promptText(handoff);
      expect(ask).toContain('write_handoff');
      expect(ask).toContain('TASK-9');
      await expect(mcp.client.getPrompt({ name: 'resume', arguments: {} })).rejects.toThrow(/FILE_NOT_FOUND/);
      ok(await call(mcp.client, 'write_handoff', { draft: DRAFT }));
      const resume = await mcp.client.getPrompt({ name: 'resume', arguments: {} });
      expect(promptText(resume)).toContain('# Resume brief');
      repo.git('checkout', '-q', '-b', 'other');
      const refused = await mcp.client.getPrompt({ name: 'resume', arguments: {} });
      expect(promptText(refused)).toMatch(/no brief .* MISMATCH/);
    } finally {
      await mcp.close();
    }
  });
});

describe('paths stay inside the repository', () => {
  it('refuses a symlinked folder, a symlinked file and an absolute path outside; accepts a link that stays inside', async () => {
    const repo = scratch.repo();
    const outside = scratch.plain();
    writeFileSync(join(outside, 'h.md'), DRAFT);
    symlinkSync(outside, join(repo.dir, 'out-dir'));
    symlinkSync(join(outside, 'h.md'), join(repo.dir, 'out-file.md'));
    mkdirSync(join(repo.dir, 'docs'));
    writeFileSync(join(repo.dir, 'docs/free.md'), '# Notes\n\n## Next steps\n\n- more\n');
    symlinkSync(join(repo.dir, 'docs/free.md'), join(repo.dir, 'in-link.md'));
    const mcp = await connectMemory(repo.dir);
    try {
      for (const path of [
        'out-dir/h.md',
        'out-file.md',
        join(outside, 'h.md'),
        '../../h.md',
        'docs/../../x.md',
      ]) {
        await refused(mcp.client, 'import_handoff', { path }, 'PATH_OUTSIDE_REPOSITORY');
      }
      ok(await call(mcp.client, 'import_handoff', { path: 'in-link.md' }));
      // A symlink to a file that does not exist yet: writing through it must not land outside.
      symlinkSync(join(outside, 'new.md'), join(repo.dir, 'dangling.md'));
      symlinkSync('dangling.md', join(repo.dir, 'chain.md'));
      for (const path of ['dangling.md', 'chain.md']) {
        await refused(mcp.client, 'write_handoff', { draft: DRAFT, path }, 'PATH_OUTSIDE_REPOSITORY');
      }
      expect(existsSync(join(outside, 'new.md'))).toBe(false);
      const env = cleanEnv({ BATON_HANDOFF_PATH: join(outside, 'h.md') });
      const leaky = await connectMemory(repo.dir, env);
      try {
        await refused(leaky.client, 'validate_handoff', {}, 'PATH_OUTSIDE_REPOSITORY');
      } finally {
        await leaky.close();
      }
    } finally {
      await mcp.close();
    }
  });
});

describe('the error mapping', () => {
  it('keeps a baton code and one line; machine refusals get a file code; anything else is INTERNAL', () => {
    expect(describeError(new UserError('STORE_CORRUPT', 'bad\nfile', { hint: 'run check' }))).toEqual({
      code: 'STORE_CORRUPT',
      message: 'bad file (run check)',
    });
    const enoent = Object.assign(new Error('x'), { code: 'EACCES', syscall: 'open', path: '/a' });
    expect(describeError(enoent)).toEqual({ code: 'FILE_UNREADABLE', message: 'open /a failed: EACCES' });
    expect(describeError(new TypeError('boom')).code).toBe('INTERNAL');
  });

  it('logs the stack of a bug to the log, never into the answer', () => {
    const logged: string[] = [];
    const result = toolErrorResult(new TypeError('boom'), (line) => logged.push(line));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('INTERNAL: internal error in baton (a bug, not your input): boom');
    expect(logged.join('\n')).toMatch(/TypeError: boom\n\s+at /);
  });

  it('a PostgreSQL store that is down is a tool error, and the server keeps serving', async () => {
    const repo = scratch.repo();
    const down = await connectMemory(
      repo.dir,
      cleanEnv({ BATON_STORE: 'postgres://baton@127.0.0.1:1/nothing' }),
    );
    try {
      const text = await refused(down.client, 'show_handoff', { id: 'X' }, 'STORE_UNAVAILABLE');
      expect(text).toContain('ECONNREFUSED');
      ok(await call(down.client, 'import_handoff', { text: DRAFT }));
    } finally {
      await down.close();
    }
  });

  it('a store URL that is not one is a tool error with its code', async () => {
    const repo = scratch.repo();
    const bad = await connectMemory(repo.dir, cleanEnv({ BATON_STORE: 'mysql://nope' }));
    try {
      await refused(bad.client, 'search_handoffs', { query: 'x' }, 'STORE_CONFIG');
    } finally {
      await bad.close();
    }
  });
});
