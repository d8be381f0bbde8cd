/**
 * End to end: the official SDK client drives the built `baton mcp` over stdio in a real git
 * repository: every tool's happy path and its errors, the server alive after each error.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baton, DRAFT, draftWithDone, makePlainDir, makeRepo, type TempRepo } from '../e2e/_helpers.js';
import { writeClaudeSession } from '../transcripts/support/sessions.js';
import { type Connected, call, connectStdio, ok, refused, textOf, toolError } from './_helpers.js';

// A Claude Code session in the project's own fixtures (test/fixtures/transcripts/).
const SESSION = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../fixtures/transcripts/claude-code/session.jsonl',
);

const TOOLS = [
  'compile_transcript',
  'import_handoff',
  'load_context',
  'load_phase_handoff',
  'resume_handoff',
  'save_phase_handoff',
  'search_handoffs',
  'show_handoff',
  'validate_handoff',
  'write_handoff',
];

let repo: TempRepo;
let outside: { dir: string; cleanup(): void };
let mcp: Connected;

beforeAll(async () => {
  repo = makeRepo();
  // What the tests create inside the work tree is ignored, so the work tree stays clean.
  repo.write('.gitignore', '.baton/\nlink-out\nnotes/\nsession.jsonl\n');
  repo.write('AGENTS.md', '# Agents\n\nRun `npm test` before every commit.\n');
  repo.commit('ignore .baton, add AGENTS.md');
  outside = makePlainDir();
  writeFileSync(join(outside.dir, 'secret.md'), DRAFT);
  mcp = await connectStdio(repo.dir);
});

afterAll(async () => {
  await mcp?.close();
  repo?.cleanup();
  outside?.cleanup();
});

describe('baton mcp over stdio (built binary, SDK client)', () => {
  it('lists exactly the ten tools, each with an input and an output schema', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.description?.length).toBeGreaterThan(20);
    }
  });

  it('write_handoff writes a VALID handoff; a second write keeps the first in history', async () => {
    const first = ok(await call(mcp.client, 'write_handoff', { draft: DRAFT }));
    expect(first).toMatchObject({ path: '.baton/handoff.md', verdict: 'VALID' });
    expect(first.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const second = ok(
      await call(mcp.client, 'write_handoff', { draft: DRAFT, task: 'TASK-04', from: 'mcp-test' }),
    );
    expect(second.parent).toBe(first.id);
    expect(String(second.history)).toMatch(/^\.baton\/history\//);
    const text = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    expect(text).toContain('task: TASK-04');
    expect(text).toContain('from: mcp-test');
  });

  it('write_handoff refuses a draft that is not a handoff, writes nothing, and keeps serving', async () => {
    const before = readFileSync(join(repo.dir, '.baton/handoff.md'));
    const text = await refused(mcp.client, 'write_handoff', { draft: 'just some words' }, 'HANDOFF_INVALID');
    expect(text).toContain('nothing was written');
    expect(readFileSync(join(repo.dir, '.baton/handoff.md'))).toEqual(before);
  });

  it('write_handoff refuses a path outside the repository, through .. or a symlink', async () => {
    await refused(
      mcp.client,
      'write_handoff',
      { draft: DRAFT, path: '../escape.md' },
      'PATH_OUTSIDE_REPOSITORY',
    );
    symlinkSync(outside.dir, join(repo.dir, 'link-out'));
    await refused(
      mcp.client,
      'write_handoff',
      { draft: DRAFT, path: 'link-out/h.md' },
      'PATH_OUTSIDE_REPOSITORY',
    );
    expect(existsSync(join(outside.dir, 'h.md'))).toBe(false);
  });

  it('validate_handoff gives exactly what `baton validate --json` gives', async () => {
    const data = ok(await call(mcp.client, 'validate_handoff', {}));
    const cli = baton(['validate', '--json'], { cwd: repo.dir });
    expect(cli.status).toBe(0);
    expect(data).toEqual(JSON.parse(cli.stdout));
    expect(data).toMatchObject({ verdict: 'VALID', exitCode: 0 });
    expect(data.current).toBeDefined();
  });

  it('validate_handoff: an INVALID handoff is a report, a missing file or an escape is a tool error', async () => {
    repo.write('notes/broken.md', '# not a handoff\n');
    const data = ok(await call(mcp.client, 'validate_handoff', { path: 'notes/broken.md' }));
    const cli = baton(['validate', '--json', 'notes/broken.md'], { cwd: repo.dir });
    expect(data).toEqual(JSON.parse(cli.stdout));
    expect(data).toMatchObject({ verdict: 'INVALID', exitCode: 1 });
    await refused(mcp.client, 'validate_handoff', { path: 'nope.md' }, 'FILE_NOT_FOUND');
    await refused(
      mcp.client,
      'validate_handoff',
      { path: join(outside.dir, 'secret.md') },
      'PATH_OUTSIDE_REPOSITORY',
    );
    await refused(mcp.client, 'validate_handoff', { path: 'link-out/secret.md' }, 'PATH_OUTSIDE_REPOSITORY');
  });

  it('resume_handoff lists the claims to re-verify and their commands, and never runs them', async () => {
    const draft = draftWithDone(['- [x] Wrote `src/a.ts` — verified by `touch ran-marker` → pass']);
    ok(await call(mcp.client, 'write_handoff', { draft }));
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.commit('change a');
    const data = ok(await call(mcp.client, 'resume_handoff', {}));
    expect(data.verdict).toBe('STALE');
    expect(data.commands).toContain('touch ran-marker');
    expect((data.reverify as { command?: string }[]).some((c) => c.command === 'touch ran-marker')).toBe(
      true,
    );
    expect(String(data.brief)).toContain('# Resume brief');
    expect(existsSync(join(repo.dir, 'ran-marker'))).toBe(false);
  });

  it('resume_handoff refuses a MISMATCH handoff as a tool error', async () => {
    repo.git('checkout', '-q', '-b', 'elsewhere');
    try {
      const text = await refused(mcp.client, 'resume_handoff', {}, 'VERDICT_REFUSED');
      expect(text).toContain('MISMATCH');
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });

  it('import_handoff maps text or a file, and wants exactly one of them', async () => {
    const free =
      '# Session notes\n\n## What was done\n\n- Added the parser\n\n## Next steps\n\n- Write the renderer\n';
    const fromText = ok(await call(mcp.client, 'import_handoff', { text: free }));
    expect(String(fromText.markdown)).toContain('## Goal');
    expect(fromText.report).toMatchObject({ format: 'markdown' });
    repo.write('notes/free.md', free);
    const fromFile = ok(await call(mcp.client, 'import_handoff', { path: 'notes/free.md' }));
    expect(String(fromFile.markdown)).toContain('Write the renderer');
    expect(String(fromFile.markdown)).toContain('imported_from: free.md');
    await refused(mcp.client, 'import_handoff', {}, 'USAGE');
    await refused(mcp.client, 'import_handoff', { text: free, path: 'notes/free.md' }, 'USAGE');
    await refused(mcp.client, 'import_handoff', { path: 'missing.md' }, 'FILE_NOT_FOUND');
  });

  it('compile_transcript shows no secret of the log, in the draft or in its report', async () => {
    const key = 'sk-proj-T9xQ2mW7zK4pL8vN3bR6yH1cF5dJ0gA';
    mkdirSync(join(repo.dir, 'notes'), { recursive: true });
    writeClaudeSession(join(repo.dir, 'notes/keyed.jsonl'), repo.dir, [
      { user: `Call the API with ${key}` },
      { bash: `OPENAI_API_KEY=${key} npm test`, exit: 0 },
      { todo: [{ content: `rotate ${key}`, status: 'pending' }] },
    ]);
    const data = ok(await call(mcp.client, 'compile_transcript', { path: 'notes/keyed.jsonl' }));
    expect(JSON.stringify(data)).not.toContain(key.slice(8));
    expect(JSON.stringify(data.report)).toContain('OPENAI_API_KEY=sk-proj-[redacted] npm test');
  });

  it('compile_transcript gives the draft `baton compile` gives, and its errors as tool errors', async () => {
    // The session ran in this repository: its recorded working directory is the repository's.
    writeFileSync(
      join(repo.dir, 'session.jsonl'),
      readFileSync(SESSION, 'utf8').replaceAll('/home/dev/proj', repo.dir),
    );
    const data = ok(await call(mcp.client, 'compile_transcript', { path: 'session.jsonl' }));
    const cli = baton(['compile', 'session.jsonl', '--root', repo.dir], { cwd: repo.dir });
    expect(cli.status, cli.stderr).toBe(0);
    expect(data.markdown).toBe(cli.stdout);
    expect(String(data.markdown)).toContain('`src/parser.ts`');
    expect(data.report).toMatchObject({ kind: 'claude-code' });
    expect((data.report as { files: unknown[] }).files).toContainEqual({
      action: 'created',
      path: 'docs/notes.md',
    });
    await refused(mcp.client, 'compile_transcript', { path: '../x.jsonl' }, 'PATH_OUTSIDE_REPOSITORY');
    await refused(mcp.client, 'compile_transcript', { path: 'nope.jsonl' }, 'FILE_NOT_FOUND');
    repo.write('notes/not-a-session.jsonl', '{"role":"user","content":"hi"}\n');
    const text = await toolError(
      mcp.client,
      await call(mcp.client, 'compile_transcript', { path: 'notes/not-a-session.jsonl' }),
      'TRANSCRIPT_UNKNOWN',
    );
    expect(text).toContain('is not a Claude Code session or a Codex rollout');
  });

  it('search_handoffs and show_handoff read what `baton archive` kept', async () => {
    ok(await call(mcp.client, 'write_handoff', { draft: DRAFT }));
    const archived = baton(['archive', '--json'], { cwd: repo.dir });
    expect(archived.status, archived.stderr).toBe(0);
    const { id } = JSON.parse(archived.stdout) as { id: string };
    const found = ok(await call(mcp.client, 'search_handoffs', { query: 'reduce', limit: 5 }));
    expect((found.hits as { handoff: { id: string } }[]).map((h) => h.handoff.id)).toContain(id);
    const cli = baton(['search', 'reduce', '--limit', '5', '--json'], { cwd: repo.dir });
    expect(found.hits).toEqual(JSON.parse(cli.stdout));
    const none = ok(await call(mcp.client, 'search_handoffs', { query: 'reduce', task: 'NO-SUCH-TASK' }));
    expect(none.hits).toEqual([]);
    const shown = ok(await call(mcp.client, 'show_handoff', { id: id.slice(0, 12) }));
    expect(shown.text).toBe(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8'));
    expect(shown.text).toBe(baton(['show', id], { cwd: repo.dir }).stdout);
    const json = ok(await call(mcp.client, 'show_handoff', { id, format: 'json' }));
    expect(json.text).toBe(baton(['show', id, '--format', 'json'], { cwd: repo.dir }).stdout);
    expect(JSON.parse(String(json.text)).id).toBe(id);
    await refused(mcp.client, 'show_handoff', { id: 'ZZZZZZ' }, 'STORE_NOT_FOUND');
  });

  it('load_context returns the boot artifacts labelled, as data', async () => {
    const data = ok(await call(mcp.client, 'load_context', {}));
    const artifacts = data.artifacts as { path: string; label: string }[];
    expect(artifacts.find((a) => a.path === 'AGENTS.md')?.label).toBe('advisory');
    expect(data).toEqual(JSON.parse(baton(['context', '--json'], { cwd: repo.dir }).stdout));
    expect(textOf(await call(mcp.client, 'load_context', {}))).toMatch(/<baton-data-[0-9a-f]+/);
  });

  it('save_phase_handoff → load_phase_handoff → `baton convert --to phase` round-trips the PhaseHandoff', async () => {
    const phase = {
      fromPhase: 'plan',
      toPhase: 'build',
      summary: 'Chose a queue between the API and the worker.',
      evidence: { 'load test': 'p99 410 ms with the queue, 2.3 s without' },
      openIssues: ['Retention of dead letters is undecided'],
      userPreferences: ['No new runtime dependencies'],
      decisionsMade: ['Use a queue — because bursts overload the worker'],
    };
    const saved = ok(await call(mcp.client, 'save_phase_handoff', phase));
    expect(saved).toMatchObject({ path: '.baton/phases/build.md', archive: { status: 'stored' } });
    const loaded = ok(await call(mcp.client, 'load_phase_handoff', { phase: 'build' }));
    expect(loaded.handoff).toEqual(phase);
    expect(loaded.verdict).toBe('VALID');
    expect(String(loaded.text)).toContain('Context from the previous phase (plan → build)');
    expect(String(loaded.text)).toContain('No new runtime dependencies');
    const converted = baton(['convert', '.baton/phases/build.md', '--to', 'phase'], { cwd: repo.dir });
    expect(converted.status, converted.stderr).toBe(0);
    const { baton: _meta, ...fields } = JSON.parse(converted.stdout) as Record<string, unknown>;
    expect(fields).toEqual(phase);
    expect(baton(['validate', '.baton/phases/build.md'], { cwd: repo.dir }).status).toBe(0);
  });

  it('phase tools refuse unknown phases and names that are not plain words', async () => {
    await refused(mcp.client, 'load_phase_handoff', { phase: 'deploy' }, 'FILE_NOT_FOUND');
    const bad = await call(mcp.client, 'load_phase_handoff', { phase: '../../etc' });
    expect(bad.isError).toBe(true);
    await expect(mcp.client.ping()).resolves.toBeDefined();
    const noSummary = await call(mcp.client, 'save_phase_handoff', {
      fromPhase: 'plan',
      toPhase: 'build',
      summary: '',
      evidence: {},
      openIssues: [],
      userPreferences: [],
    });
    expect(noSummary.isError).toBe(true);
  });

  it('a store that cannot be opened is a tool error, and the server keeps serving', async () => {
    const other = makeRepo();
    try {
      other.write('.baton/baton.db', 'this is not a database\n'.repeat(200));
      const broken = await connectStdio(other.dir);
      try {
        const result = await call(broken.client, 'search_handoffs', { query: 'sum' });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/^STORE_[A-Z_]+: /);
        await toolError(broken.client, result, String(result._meta?.['baton/code']));
        ok(await call(broken.client, 'import_handoff', { text: DRAFT }));
      } finally {
        await broken.close();
      }
    } finally {
      other.cleanup();
    }
  });

  it('logged nothing but to stderr and is still alive at the end', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools).toHaveLength(TOOLS.length);
    expect(mcp.stderr.join('')).not.toMatch(/^\s+at /m);
  });
});
