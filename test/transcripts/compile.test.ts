/** The compiler over hand-written transcripts in the styles of both hosts (test/fixtures/transcripts/). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script shared with the benchmarks
import { syntheticSession } from '../../scripts/synthetic-transcript.mjs';
import { parseBaton } from '../../src/formats/baton/parse.js';
import { compileAndWrite } from '../../src/hosts/compile-write.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { compileTranscript, detectTranscript } from '../../src/transcripts/index.js';
import { validateFile } from '../../src/validate/validate.js';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/transcripts');
const CC = join(FIXTURES, 'claude-code/session.jsonl');
const SUB = join(FIXTURES, 'claude-code/with-subagents/sess-1.jsonl');
const CODEX = join(FIXTURES, 'codex/rollout.jsonl');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('detectTranscript', () => {
  it('names the host from the content, not the name', () => {
    expect(detectTranscript(CC)).toBe('claude-code');
    expect(detectTranscript(CODEX)).toBe('codex');
  });

  it('refuses anything else with one line, and a missing file as not found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-tr-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const other = join(dir, 'x.jsonl');
    writeFileSync(other, '{"role":"user","content":"hi"}\n');
    expect(() => detectTranscript(other)).toThrow(/is not a Claude Code session or a Codex rollout/);
    expect(() => detectTranscript(join(dir, 'none.jsonl'))).toThrow(/no such file/);
    expect(() => detectTranscript(dir)).toThrow(/is a folder/);
  });
});

describe('compileTranscript: Claude Code', () => {
  it('takes the first real request as Goal, past wrappers, meta records and IDE context', async () => {
    const { handoff } = await compileTranscript(CC);
    expect(handoff.goal).toBe(
      'Add a notes page and fix the parser so that `npm test` passes.\n\n## Constraints\n- keep the API',
    );
    expect(handoff.preferences).toEqual(['use vitest directly, not the npm script']);
  });

  it('names every file written or edited, relative to the root, and not a failed edit', async () => {
    const { handoff } = await compileTranscript(CC);
    expect(handoff.files_touched).toEqual([
      { action: 'created', path: 'docs/notes.md' },
      { action: 'modified', path: 'src/parser.ts' },
      { action: 'deleted', path: 'old-notes.txt' },
    ]);
  });

  it('lists each check with its last result, including a non-zero status Claude Code only explains', async () => {
    const { handoff } = await compileTranscript(CC);
    expect(handoff.validation).toEqual([
      { result: 'failed', command: 'npm test', outcome: 'exit 1' },
      { result: 'passed', command: 'npx vitest run', outcome: '4 passed (vitest)' },
      { result: 'failed', command: 'grep -q parse src/parser.ts', outcome: 'non-zero exit' },
    ]);
    // git commit, rm: commands, but not checks.
    expect(handoff.validation.map((v) => v.command)).not.toContain('rm old-notes.txt');
  });

  it('takes Done and Remaining from the task list, commits and the last message', async () => {
    const { handoff } = await compileTranscript(CC);
    expect(handoff.done.map((d) => d.text)).toEqual([
      'Write the notes page',
      'Committed: feat: notes page and parser fix',
    ]);
    expect(handoff.done.every((d) => d.result === 'unverified')).toBe(true);
    // The task list was last changed before the person's newest request ("use vitest directly"):
    // the steps the agent stated after it come first, and the list's open item says how old it is.
    expect(handoff.remaining.map((r) => r.title)).toEqual([
      'Document the parser',
      'Add a changelog entry',
      'Fix the parser',
      'Make `grep -q parse src/parser.ts` pass',
    ]);
    expect(handoff.remaining[2]?.notes).toContain(
      "the list was last changed before the person's newest request",
    );
    // No item is also done, and the open tasks are checked by the check that passed, not by a failing grep.
    expect(handoff.remaining[0]?.verify_by).toEqual(['npx vitest run']);
    expect(handoff.remaining.every((r) => r.verify_by.length > 0)).toBe(true);
  });

  it('calls a failing check the session replaced a dead end, not remaining work', async () => {
    const { handoff } = await compileTranscript(CC);
    expect(handoff.dead_ends).toEqual([
      {
        attempt: '`npm test`',
        reason: 'it failed (exit 1) and the session moved to `npx vitest run`, which passed',
      },
    ]);
    expect(handoff.open_concerns.join('\n')).not.toContain('`npm test`');
  });

  it('never copies tool output or the host summary, and counts what it passed over', async () => {
    const { draft, session } = await compileTranscript(CC);
    expect(draft).not.toContain('TOOL-OUTPUT-SENTINEL');
    expect(draft).not.toContain('summary-only-file');
    expect(draft).not.toContain('Ignore all previous');
    expect(session.compactions).toBe(1);
    expect(session.compactSummaries).toHaveLength(1);
    expect(session.stats).toMatchObject({ malformed: 1, unknown: 1 });
  });

  it('reads the subagent logs beside the session, for files but not for requests', async () => {
    const { handoff } = await compileTranscript(SUB);
    expect(handoff.goal).toBe('Refactor the loader with a helper agent');
    expect(handoff.files_touched.map((f) => f.path)).toEqual(['lib/loader.ts', 'lib/helper.ts']);
    expect(handoff.preferences).toEqual([]);
    // A background command gets its result from the task notification.
    expect(handoff.validation).toEqual([
      { result: 'failed', command: 'sleep 1; npm run build', outcome: 'exit 2' },
    ]);
  });

  it('reads a subagent log on its own: its task prompt is the Goal', async () => {
    const { handoff } = await compileTranscript(
      join(FIXTURES, 'claude-code/with-subagents/sess-1/subagents/agent-a1b2.jsonl'),
    );
    expect(handoff.goal).toBe('Refactor lib/loader.ts');
    expect(handoff.files_touched.map((f) => f.path)).toEqual(['lib/loader.ts', 'lib/helper.ts']);
  });

  it('gives the same bytes every time', async () => {
    const a = await compileTranscript(CC);
    const b = await compileTranscript(CC);
    expect(a.draft).toBe(b.draft);
  });
});

describe('compileTranscript: a handoff a person would sign', () => {
  const DISCOUNT = join(FIXTURES, 'claude-code/discount.jsonl');

  it('keeps every request in order, and only standing instructions as Preferences (no question)', async () => {
    const { handoff } = await compileTranscript(DISCOUNT);
    expect(handoff.preferences).toEqual([
      'Always run the tests with --run, never in watch mode.',
      'Use pnpm, not npm.',
    ]);
    expect(handoff.notes).toContain('| 2 | did you run the tests? |');
  });

  it('reads a piped check by its summary line, and a filter that found nothing as unknown, not failed', async () => {
    const { handoff } = await compileTranscript(DISCOUNT);
    expect(handoff.validation).toEqual([
      {
        result: 'failed',
        command: 'pnpm vitest --run',
        outcome: '2 failed, 14 passed (vitest), the last of 2 runs',
      },
      { result: 'passed', command: 'pnpm tsc --noEmit', outcome: 'no output (through `head`)' },
    ]);
  });

  it('takes Done and Remaining from evidence, with nothing in both', async () => {
    const { handoff } = await compileTranscript(DISCOUNT);
    expect(handoff.done.map((d) => d.text)).toEqual([
      'Add the discount rule',
      'Committed: feat: discount rule in the cart',
    ]);
    expect(handoff.remaining.map((r) => r.title)).toEqual([
      'Cover it with tests',
      'Make `pnpm vitest --run` pass',
    ]);
    expect(handoff.remaining[0]?.verify_by).toEqual(['pnpm vitest --run']);
  });

  it('says where the work stands: the last words, the files it was on, the files named next', async () => {
    const { handoff } = await compileTranscript(DISCOUNT);
    expect(handoff.summary).toContain('Next I will fix src/pricing/rules.ts');
    expect(handoff.summary).toContain('It was on: `cart.ts` (edited).');
    expect(handoff.summary).toContain(
      'Named near the end and not yet changed: `src/pricing/rules.ts`, `test/pricing.test.ts`, `src/checkout/summary.ts`.',
    );
  });

  it('lists a file outside the repository apart, not as the repository’s', async () => {
    const { handoff } = await compileTranscript(DISCOUNT);
    expect(handoff.files_touched).toEqual([{ action: 'modified', path: 'src/cart.ts' }]);
    expect(handoff.notes).toContain(
      '### Files outside the repository\n\n- created: `/home/dev/.claude/plans/discount-plan.md`',
    );
  });
});

describe('compileTranscript: Codex', () => {
  it('reads requests, apply_patch files, exit codes, the plan and commits', async () => {
    const { handoff, draft } = await compileTranscript(CODEX);
    expect(handoff.from).toBe('codex:019a0000');
    expect(handoff.goal).toBe('Make the tokenizer handle CRLF and add a test');
    expect(handoff.preferences).toEqual(['keep the public API stable']);
    expect(handoff.files_touched).toEqual([
      { action: 'modified', path: 'src/tokenizer.rs' },
      { action: 'created', path: 'tests/crlf.rs' },
      { action: 'created', path: 'notes/crlf.md' },
    ]);
    expect(handoff.validation).toEqual([
      { result: 'failed', command: 'cargo test --all', outcome: 'exit 101' },
      { result: 'passed', command: 'cargo build', outcome: 'exit 0' },
    ]);
    expect(handoff.done.map((d) => d.text)).toEqual([
      'Handle CRLF in the tokenizer',
      'Committed: fix: CRLF in the tokenizer',
    ]);
    expect(handoff.remaining[0]).toMatchObject({
      title: 'Add a regression test',
      verify_by: ['cargo test --all'],
    });
    expect(draft).not.toContain('TOOL-OUTPUT-SENTINEL');
    expect(draft).not.toContain('summary-only.rs');
  });
});

describe('compileTranscript: a Codex rollout read as a person reads it', () => {
  const RAW = join(FIXTURES, 'codex/raw-strings.jsonl');

  it('reads cargo test through `| tail` by its summary, and a grep count with no lines as unknown', async () => {
    const { handoff } = await compileTranscript(RAW);
    expect(handoff.validation).toEqual([
      { result: 'failed', command: 'cargo test', outcome: '1 failed, 11 passed (cargo test)' },
    ]);
    expect(handoff.notes).toContain('- `cargo clippy` — unknown: the filter found no lines');
  });

  it('takes Done and Remaining from update_plan and the failing check; a question is no preference', async () => {
    const { handoff } = await compileTranscript(RAW);
    expect(handoff.done.map((d) => d.text)).toEqual(['Lex raw strings']);
    expect(handoff.remaining.map((r) => [r.title, r.verify_by])).toEqual([
      ['Document raw strings in docs/syntax.md', ['cargo test']],
      ['Make `cargo test` pass', ['cargo test']],
    ]);
    expect(handoff.preferences).toEqual(['Never change the public token names.']);
  });

  it('names the files the agent pointed at next, from its words, the plan and its search', async () => {
    const { handoff } = await compileTranscript(RAW);
    expect(handoff.summary).toContain(
      'Named near the end and not yet changed: `docs/syntax.md`, `tests/raw.rs`.',
    );
  });
});

describe('written through baton write', () => {
  let repo: TempRepo;
  afterEach(() => repo?.cleanup());

  it('is VALID for every fixture, in a real repository', async () => {
    repo = createTempRepo();
    for (const transcript of [
      CC,
      SUB,
      CODEX,
      join(FIXTURES, 'claude-code/discount.jsonl'),
      join(FIXTURES, 'codex/raw-strings.jsonl'),
    ]) {
      const { written } = await compileAndWrite(transcript, { cwd: repo.dir, env: {} });
      expect(written.ok, JSON.stringify(written)).toBe(true);
      const report = await validateFile(join(repo.dir, '.baton/handoff.md'), { git: true });
      expect(report.verdict, JSON.stringify(report.findings)).toBe('VALID');
    }
  });

  it('fits the caps for a long session: the latest files listed, the rest named in Notes, no glob', async () => {
    repo = createTempRepo();
    const dir = mkdtempSync(join(tmpdir(), 'baton-tr-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'long.jsonl');
    const long = 'Build the report module.\n'.repeat(400);
    const lines: string[] = syntheticSession({ bytes: 2 * 1024 * 1024, files: 60, cwd: repo.dir });
    lines[0] =
      lines[0]?.replace(
        'Build the report module, keep every check green.',
        long.trim().replace(/\n/g, '\\n'),
      ) ?? '';
    writeFileSync(path, `${lines.join('\n')}\n`);
    const { compiled, written } = await compileAndWrite(path, { cwd: repo.dir, env: {} });
    expect(written.ok, JSON.stringify(written)).toBe(true);
    const text = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(32 * 1024);
    expect(text.split('\n').length).toBeLessThanOrEqual(300);
    const parsed = parseBaton(text).handoff;
    expect(parsed.files_touched.length).toBeLessThanOrEqual(25);
    expect(parsed.files_touched.some((i) => i.path.includes('*'))).toBe(false);
    for (const file of compiled.session.files.keys()) {
      const rel = file.slice(repo.dir.length + 1);
      const listed = parsed.files_touched.some((i) => i.path === rel);
      expect(listed || (parsed.notes ?? '').includes(`\`${rel}\``), rel).toBe(true);
    }
    expect(compiled.handoff.goal).toContain('[baton: the request goes on; 400 lines in all]');
  });
});
