/**
 * The host's summary held against the log and git: hand-written sessions (in the shapes both hosts
 * write) with summaries in several styles, true and false, in real temporary git repositories.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { checkSummary } from '../../src/transcripts/summary-check.js';
import { extractClaims } from '../../src/transcripts/summary-claims.js';
import { readTranscript } from '../../src/transcripts/transcripts.js';
import { type Step, writeClaudeSession, writeCodexRollout } from './support/sessions.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

/** The session's log read as baton reads it, and the summary checked against it (and git). */
async function check(
  steps: Step[],
  summary: string,
  options: { git?: boolean; host?: 'claude-code' | 'codex' } = {},
) {
  repo ??= createTempRepo();
  let log: string;
  if (options.host === 'codex') {
    log = join(repo.dir, '..', `session-${Math.random().toString(36).slice(2)}.jsonl`);
    writeCodexRollout(log, repo.dir, steps);
  } else log = await written(steps);
  const session = await readTranscript(log);
  return checkSummary(session, summary, { root: repo.dir, git: options.git !== false });
}

const lines = (r: Awaited<ReturnType<typeof check>>) =>
  r.contradictions.map((c) => `The summary says ${c.said}, but ${c.shows}.`);

const WORK: Step[] = [
  { user: 'Add the feature file and make the checks pass' },
  { write: 'src/feature.txt' },
  { bash: 'npx vitest run', exit: 0 },
  { bash: 'grep -q PINEAPPLE src/feature.txt', exit: 1, interpretation: 'No matches found' },
];

describe('checkSummary', () => {
  it('names a file no tool call wrote and a check that failed last, in Claude Code style', async () => {
    repo = createTempRepo();
    repo.write('src/feature.txt', 'x\n');
    const r = await check(
      WORK,
      [
        'Summary:',
        '1. Primary Request and Intent:',
        '   The user asked for the feature file.',
        '',
        '3. Files and Code Sections:',
        '   - **`src/feature.txt`** — Created with the feature.',
        '   - **`src/other.txt`** — Modified to register the feature.',
        '',
        '4. Errors and fixes:',
        '   - None. All checks pass.',
      ].join('\n'),
    );
    expect(lines(r)).toEqual([
      'The summary says it modified `src/other.txt`, but no tool call in the session wrote, edited or deleted that file, and git shows no change to it.',
      'The summary says all checks pass, but `grep -q PINEAPPLE src/feature.txt` failed on its last run (non-zero exit).',
    ]);
  });

  it('says nothing when every claim holds: written files, passing checks, commits that exist', async () => {
    repo = createTempRepo();
    repo.write('src/a.ts', 'x\n');
    const head = repo.commit('feat: the parser');
    const r = await check(
      [
        { user: 'Write the parser' },
        { write: 'src/a.ts' },
        { bash: 'npm test', exit: 1 },
        { edit: 'src/a.ts' },
        { bash: 'npx vitest run', exit: 0 },
        { bash: "git commit -am 'feat: the parser'" },
      ],
      `## Progress\n- Wrote \`src/a.ts\` and fixed it after the first test run failed.\n- Tests pass now (12 tests, 0 failures).\n- Committed ${head.slice(0, 8)} - feat: the parser.`,
    );
    expect(r.claims.map((c) => c.kind).sort()).toEqual(['check', 'commit', 'file']);
    expect(r.contradictions).toEqual([]);
  });

  it('reads plans, next steps, quoted requests, code and hedged lines as no claim at all', () => {
    const claims = extractClaims(
      [
        'The user said: "create src/quoted.ts and make all tests pass"',
        '```ts',
        '// wrote src/in-code.ts',
        '```',
        '> Created `src/quoted-output.ts`',
        '- Would have updated `src/maybe.ts` if there had been time.',
        '- Did not modify `src/untouched.ts`.',
        '- Read `src/read-only.ts` and updated its caller.',
        '7. Pending Tasks:',
        '   - Create `src/later.ts` and get all tests passing.',
        '9. Optional Next Step:',
        '   - Commit and push once the tests pass.',
      ].join('\n'),
    );
    expect(claims).toEqual([]);
  });

  it('reads structure as a person does: a list opener covers its own items, a clause its own words', () => {
    const files = (text: string) =>
      extractClaims(text)
        .filter((c) => c.kind === 'file')
        .map((c) => (c.kind === 'file' ? `${c.verb} ${c.path}` : ''));
    // The opener's verb reaches its deeper items, not the sibling after them.
    expect(
      files('- `docs/index.md` — rewritten twice:\n  - `docs/a.md`\n- `docs/b.md` — the style guide'),
    ).toEqual(['rewritten docs/index.md', 'rewritten docs/a.md']);
    // "after x.css" is where it went, not what was added.
    expect(files('- Added the print stylesheet after base.css in `layout.html`')).toEqual([
      'added layout.html',
    ]);
    expect(files('| file | change |\n|---|---|\n| `src/q.ts` | new |\n| src/r.ts | read only |')).toEqual([
      'new src/q.ts',
    ]);
    // A verb says what was done to a path near it, not to one a long clause later ("is split
    // between … watched by sync.js"); a list of paths after its verb stays in its reach.
    expect(
      files(
        '- Found that the site is split between two folders: the XAMPP copy and the deploy source that the SFTP job watched by sync.js uploads',
      ),
    ).toEqual([]);
    expect(
      files('- Updated `a.ts`, `b.ts`, `c.ts`, `d.ts`, `e.ts`, `f.ts`, `g.ts`, `h.ts`, `i.ts` and `j.ts`'),
    ).toHaveLength(10);
    const done = extractClaims('Done: wrote the parser. Still to do: publish the package.').filter(
      (c) => c.kind === 'done',
    );
    expect(done.map((c) => (c.kind === 'done' ? c.text : ''))).toEqual(['Done: wrote the parser.']);
  });

  it('reads no file in a platform name, and lends a long lead line its last sentence: a read, a hedge', () => {
    const files = (text: string) =>
      extractClaims(text).flatMap((c) => (c.kind === 'file' ? [`${c.verb} ${c.path}`] : []));
    expect(files('- Fixed the install script for Node.js and Vue.js users')).toEqual([]);
    expect(files('- Fixed `server/Node.js` so that it starts')).toEqual(['fixed server/Node.js']);
    expect(
      files(
        [
          '2. Files Modified:',
          '   - `src/app.ts`',
          '',
          '7. **Engine review**: The person asked how the reminder engine could be rebuilt around the new plugin system and its callers. I read:',
          '   - `services/engine.py`',
          '   - `services/triggers.py`',
          '',
          'The work stopped before the design documents were written. The documents should include:',
          '   - migration.md - a guide from the old reminders to the new layout',
          '',
          'The review of the three modules is finished and the findings are in place. I changed:',
          '   - `services/scheduler.py`',
        ].join('\n'),
      ),
    ).toEqual(['modified src/app.ts', 'changed services/scheduler.py']);
  });

  it('finds a bold `__init__.py` the summary lost the underscores of, and trusts what the person pasted as done', async () => {
    repo = createTempRepo();
    const report = [
      'Carry on from the last session. Its report:',
      '| file | state |',
      '|---|---|',
      '| services/engine.py | rewritten |',
      '| services/triggers.py | rewritten |',
      '| tests/test_engine.py | added |',
      '',
      'Phase 1 is done; the reminders still use the old loader.',
      'Next: move the reminders over.',
      'Keep the old loader until the move is done.',
    ].join('\n');
    const r = await check(
      [{ user: report }, { write: 'stores/__init__.py' }, { write: 'services/reminders.py' }],
      [
        '3. Files and Code Sections:',
        '   - `stores/init.py` — Updated to export the new store.',
        '   - `services/engine.py` — Modified in the last session to load plugins.',
        '   - `services/reminders.py` — Rewritten on the new loader.',
        '   - `services/calendar.py` — Modified to read the reminders.',
      ].join('\n'),
      { git: false },
    );
    expect(lines(r)).toEqual([
      'The summary says it modified `services/calendar.py`, but no tool call in the session wrote, edited or deleted that file.',
    ]);
  });

  it('does not hold a task under way against a summary that says it is done, when the session wrote its file', async () => {
    repo = createTempRepo();
    const r = await check(
      [
        { user: 'rebrand the docs' },
        {
          todo: [
            { content: 'Update ui.md with Vibe Diary branding', status: 'in_progress' },
            { content: 'Update design.md with Vibe Diary branding', status: 'pending' },
          ],
        },
        { write: 'docs/ui.md' },
      ],
      '- ui.md - COMPLETED with Vibe Diary branding\n- design.md - COMPLETED with the new Vibe Diary branding',
    );
    expect(lines(r)).toEqual([
      "The summary says `Update design.md with Vibe Diary branding` is done, but the session's task list still has it pending.",
    ]);
    // Written before the task went under way, the file says nothing of the task.
    const early = await check(
      [
        { user: 'rebrand the docs' },
        { write: 'docs/ui.md' },
        { todo: [{ content: 'Update ui.md with Vibe Diary branding', status: 'in_progress' }] },
      ],
      '- ui.md - COMPLETED with Vibe Diary branding',
    );
    expect(lines(early)).toEqual([
      "The summary says `Update ui.md with Vibe Diary branding` is done, but the session's task list still has it in progress.",
    ]);
  });

  it('does not hold against a log without git what a package manager or git may have written', async () => {
    repo = createTempRepo();
    const summary = '- `web/package.json` — modified: added the chart library.\n- Modified `src/merged.ts`.';
    const steps: Step[] = [
      { user: 'go' },
      { bash: 'cd web && npm install chart.js' },
      { bash: 'git merge feature' },
    ];
    expect((await check(steps, summary, { git: false })).contradictions).toEqual([]);
    expect(lines(await check([{ user: 'go' }], summary, { git: false }))).toHaveLength(2);
  });

  it('finds a file the agent changed outside a Windows repository by the shorter path the summary gives', async () => {
    repo = createTempRepo();
    const dir = join(repo.dir, '..');
    const log = join(dir, `win-${Math.random().toString(36).slice(2)}.jsonl`);
    writeClaudeSession(log, 'D:\\Webseiten\\Shop', [
      { user: 'Change the copy that XAMPP serves' },
      { edit: '../../Eigene Dateien/xampp/htdocs/shop/sessions.php' },
      // Read, not changed: a file the session met, so a claim that it changed can be held.
      { read: 'booking.php' },
    ]);
    const session = await readTranscript(log);
    const summary = '- Modified `sessions.php`: the booking form.\n- Modified `booking.php`.';
    const found = checkSummary(session, summary, { root: 'D:\\Webseiten\\Shop', git: false });
    expect(found.contradictions.map((c) => (c.claim.kind === 'file' ? c.claim.path : c.claim.kind))).toEqual([
      'booking.php',
    ]);
  });

  it('finds a file in a folder whose name has a space by the part of its path the summary gives', async () => {
    repo = createTempRepo();
    const log = join(repo.dir, '..', `spaced-${Math.random().toString(36).slice(2)}.jsonl`);
    writeClaudeSession(log, repo.dir, [{ user: 'Write the guide' }, { write: '00 Notes/Guide.md' }]);
    const session = await readTranscript(log);
    const summary = '- 00 Notes/Guide.md: NEW FILE, the guide.\n- 00 Notes/Other.md: NEW FILE.';
    const found = checkSummary(session, summary, { root: repo.dir, git: false });
    expect(found.contradictions.map((c) => (c.claim.kind === 'file' ? c.claim.path : c.claim.kind))).toEqual([
      'Notes/Other.md',
    ]);
  });

  it('does not hold a removal or a copy the shell may have made without naming each file', async () => {
    repo = createTempRepo();
    const summary = '- Deleted `docs/old-guide.md` and `legacy/run.ps1`.\n- Created `deploy/app.yml`.';
    const steps: Step[] = [
      { user: 'clean up' },
      { bash: 'rm -rf docs/archive && Remove-Item -Recurse legacy', shell: 'PowerShell' },
      { bash: 'Copy-Item templates/app.yml deploy/', shell: 'PowerShell' },
    ];
    expect((await check(steps, summary, { git: false })).contradictions).toEqual([]);
    expect(lines(await check([{ user: 'clean up' }], summary, { git: false }))).toHaveLength(3);
  });

  it('reads a file labelled with its state in git as no claim of this session', () => {
    const claims = extractClaims(
      '3. Files and Code Sections:\n   - **`src/proxy.ts`** — New (untracked, 369 lines)\n   - **`src/mode.ts`** — New\n',
    );
    expect(claims.map((c) => (c.kind === 'file' ? c.path : c.kind))).toEqual(['src/mode.ts']);
  });

  it('holds no file against a log that begins partway through its conversation', async () => {
    repo = createTempRepo();
    const log = join(repo.dir, '..', `partial-${Math.random().toString(36).slice(2)}.jsonl`);
    writeClaudeSession(log, repo.dir, [{ user: 'go on' }, { write: 'src/real.ts' }]);
    const text = readFileSync(log, 'utf8').replace('"parentUuid":null', '"parentUuid":"u-from-another-file"');
    writeFileSync(log, text);
    const session = await readTranscript(log);
    expect(session.partial).toBe(true);
    const r = checkSummary(session, '- Created `src/made-up.ts`.', { root: repo.dir, git: false });
    expect(r.contradictions).toEqual([]);
  });

  it('never holds a claim against git when git cannot answer, nor a file against an incomplete log', async () => {
    repo = createTempRepo();
    const summary = '- Created `src/made-up.ts`.\n- Commit deadbeef1 landed the fix.';
    const noGit = await check([{ user: 'go' }, { write: 'src/real.ts' }], summary, { git: false });
    // Without git the file is judged by the log alone (complete here); the commit id is not judged.
    expect(lines(noGit)).toEqual([
      'The summary says it created `src/made-up.ts`, but no tool call in the session wrote, edited or deleted that file.',
    ]);
    const withAgent = await check([{ user: 'go' }, { agent: 'write things' }], summary, { git: false });
    expect(withAgent.contradictions).toEqual([]);
    const withGit = await check([{ user: 'go' }], summary);
    expect(lines(withGit)).toContain(
      'The summary says it made commit `deadbeef1`, but no commit with that id is in this repository.',
    );
  });

  it('takes a file as written when a command names it or git shows it changed or committed', async () => {
    repo = createTempRepo();
    repo.write('src/generated.ts', 'x\n');
    repo.write('src/committed.ts', 'x\n');
    repo.commit('chore: generated code');
    repo.write('src/dirty.ts', 'x\n');
    const r = await check(
      [
        { user: 'go' },
        { bash: "sed -i 's/a/b/' src/sedded.ts" },
        { bash: "git commit -am 'chore: generated code'" },
      ],
      '- Modified `src/sedded.ts`, `src/dirty.ts` and `src/committed.ts`.\n- Created src/generated.ts.',
    );
    expect(r.contradictions).toEqual([]);
  });

  it('lets a later passing run of another test command settle a failed one, but not an explicit check', async () => {
    repo = createTempRepo();
    const steps: Step[] = [
      { user: 'go' },
      { bash: 'npm test', exit: 1 },
      { bash: 'npx vitest run', exit: 0 },
      { bash: 'test -f dist/app.js', exit: 1, interpretation: 'Condition is false' },
    ];
    expect((await check(steps, 'The tests pass.')).contradictions).toEqual([]);
    expect(lines(await check(steps, 'Everything is green: all checks pass.'))).toEqual([
      'The summary says all checks pass, but `test -f dist/app.js` failed on its last run (non-zero exit).',
    ]);
    expect(lines(await check([{ user: 'go' }, { write: 'a.md' }], 'Tests passing.'))).toEqual([
      'The summary says the tests pass, but the session ran no tests (no command in the log runs one).',
    ]);
    expect((await check([{ user: 'go' }, { bash: 'make check' }], 'Tests passing.')).contradictions).toEqual(
      [],
    );
  });

  it('names a task said to be done that the host task list still has open', async () => {
    repo = createTempRepo();
    const r = await check(
      [
        { user: 'go' },
        {
          todo: [
            { content: 'Write the CSV exporter', status: 'completed' },
            { content: 'Add the exporter tests', status: 'in_progress' },
          ],
        },
      ],
      '- ✅ Write the CSV exporter\n- ✅ Add the exporter tests — done',
    );
    expect(lines(r)).toEqual([
      "The summary says `Add the exporter tests` is done, but the session's task list still has it in progress.",
    ]);
  });

  it('reads a Codex summary and its rollout the same way', async () => {
    repo = createTempRepo();
    const r = await check(
      [
        { user: 'Add notes.txt' },
        { write: 'notes.txt' },
        { bash: 'cargo test', exit: 101 },
        { compact: 'Progress: added notes.txt and src/lib.rs; cargo test passes.' },
      ],
      'Progress:\n- Added `notes.txt` and updated `src/lib.rs`.\n- `cargo test` passes.',
      { host: 'codex' },
    );
    expect(lines(r)).toEqual([
      'The summary says it updated `src/lib.rs`, but no tool call in the session wrote, edited or deleted that file, and git shows no change to it.',
      'The summary says `cargo test` passes, but `cargo test` failed on its last run (exit 101).',
    ]);
  });

  it('reads a check through `| tail` as a person does: a failing runner line contradicts, silence does not', async () => {
    repo = createTempRepo();
    const failing = '⎯⎯⎯\n Test Files  1 failed | 3 passed (4)\n      Tests  2 failed | 40 passed (42)\n';
    const piped = (output: string): Step[] => [
      { user: 'go' },
      { edit: 'src/cart.ts' },
      { bash: 'npm test 2>&1 | tail -20', output },
    ];
    expect(lines(await check(piped(failing), 'All tests pass.'))).toEqual([
      'The summary says the tests pass, but `npm test` failed on its last run (2 failed, 40 passed (vitest)).',
    ]);
    // tail exited 0 and printed nothing readable: unknown, so nothing is said.
    expect((await check(piped('Done in 3.2s\n'), 'All tests pass.')).contradictions).toEqual([]);
    // An explicit check through a filter that found no lines is unknown, not failed.
    const grep: Step[] = [{ user: 'go' }, { bash: 'npm run lint 2>&1 | grep -i error', exit: 1 }];
    expect((await check(grep, 'Everything is green: all checks pass.')).contradictions).toEqual([]);
    // The claim names the command as the person would run it again: the piped run is the same check.
    expect(lines(await check(piped(failing), '`npm test` passes.'))).toEqual([
      'The summary says `npm test` passes, but `npm test` failed on its last run (2 failed, 40 passed (vitest)).',
    ]);
  });

  it('holds a test count against the runs that printed one, and lets an earlier run stand for it', async () => {
    repo = createTempRepo();
    const run = (passed: number) => ({
      bash: 'npx vitest run 2>&1 | tail -5',
      output: ` Test Files  4 passed (4)\n      Tests  ${passed} passed (${passed})\n`,
    });
    const steps: Step[] = [{ user: 'go' }, run(41), { edit: 'src/a.ts' }, run(43)];
    expect((await check(steps, 'All 43 tests pass.')).contradictions).toEqual([]);
    // Summaries cite earlier runs beside later ones.
    expect((await check(steps, 'Tests pass (41 passing).')).contradictions).toEqual([]);
    expect(lines(await check(steps, '- 45 tests pass now.'))).toEqual([
      'The summary says 45 tests pass, but the last test run, `npx vitest run`, printed 43 passed (vitest), and no run in the log printed 45.',
    ]);
    // A test run whose output showed no count may be the one the summary cites: not judged.
    const unread: Step[] = [...steps, { bash: 'npm test', exit: 0 }];
    expect((await check(unread, '- 45 tests pass now.')).contradictions).toEqual([]);
    // "Added 5 tests" counts what was written, not what passed.
    expect((await check(steps, 'Added 5 tests; the tests pass.')).contradictions).toEqual([]);
  });

  it('reads "5 tests passed" of a run that also failed 4 as that run reported, and "all pass" as false', async () => {
    repo = createTempRepo();
    const steps: Step[] = [
      { user: 'go' },
      { edit: 'tests/site.spec.ts' },
      {
        bash: 'npx playwright test tests/site.spec.ts',
        exit: 1,
        output: '  4 failed\n    [chromium] › site.spec.ts:12:5 › admin redirects\n  5 passed (21.4s)\n',
      },
    ];
    const results =
      '- **Results**:\n  - ✅ 5 tests passed (public pages, screenshots)\n  - ❌ 4 tests failed (admin redirect)';
    expect((await check(steps, results)).contradictions).toEqual([]);
    expect(lines(await check(steps, '- All tests pass.'))).toHaveLength(1);
  });
});

describe('checkSummary on words that claim less than they seem to', () => {
  it('holds nothing of a log whose first record follows one the file does not hold, a host note included', async () => {
    repo = createTempRepo();
    const log = join(repo.dir, '..', `partial-${Math.random().toString(36).slice(2)}.jsonl`);
    writeClaudeSession(log, repo.dir, [{ user: 'stash and rebase, then go on' }, { write: 'src/real.ts' }]);
    const note = JSON.stringify({
      type: 'system',
      subtype: 'stop_hook_summary',
      parentUuid: 'u-in-an-earlier-file',
      uuid: 's-first',
      sessionId: 'partial',
    });
    const text = readFileSync(log, 'utf8').replace('"parentUuid":null', '"parentUuid":"s-first"');
    writeFileSync(log, `${note}\n${text}`);
    const session = await readTranscript(log);
    expect(session.partial).toBe(true);
    const r = checkSummary(session, '2. Problem 1 was fixed and committed.\n- Created `src/made-up.ts`.', {
      root: repo.dir,
      git: false,
    });
    expect(r.contradictions).toEqual([]);
  });

  it('reads "committed" as an adjective, a state or an earlier session\'s act as no commit of this one', () => {
    const commits = (text: string) => extractClaims(text).filter((c) => c.kind === 'commit').length;
    expect(commits('- Core file for writing and reading committed checkpoints')).toBe(0);
    expect(commits("- Verifies that only the second session's work is committed")).toBe(0);
    expect(commits('- **`hooks.go`** - Added the helpers (already committed in a previous session)')).toBe(0);
    expect(commits('- Storage on the `entire/sessions` branch (committed) and shadow branches')).toBe(0);
    expect(commits('- Problem 1 was fixed and committed.')).toBe(1);
    expect(commits('Committed the fix and pushed it.')).toBe(1);
    expect(commits('- All changes committed and pushed')).toBe(1);
    expect(commits('- I committed the changes to main')).toBe(1);
  });

  it('reads two verbs as alternatives and a path given as a value as no change to a file', () => {
    const files = (text: string) =>
      extractClaims(text).flatMap((c) => (c.kind === 'file' ? [`${c.verb} ${c.path}`] : []));
    expect(files('Key files examined/modified:\n- `cmd/registry.go` - the default strategy')).toEqual([]);
    expect(files('Files read or edited:\n- `cmd/registry.go`')).toEqual([]);
    expect(files('Files created/modified:\n- `cmd/registry.go`')).toEqual(['modified cmd/registry.go']);
    expect(files('- Fixed by updating the path to "/1/metadata.json" in both tests')).toEqual([]);
    expect(files('- Changed the transcript path to match the computed path: `projectDir/abc.jsonl`')).toEqual(
      [],
    );
    expect(files('- Moved the helper to `src/util/paths.ts`')).toEqual(['moved src/util/paths.ts']);
  });

  it('holds a run narrowed to some tests only against a line that names them, or says every check passes', async () => {
    repo = createTempRepo();
    const steps: Step[] = [
      { user: 'fix the three bugs test first' },
      { edit: 'strategy/hooks.go' },
      {
        bash: 'go test ./strategy/ -run "TestNormalizesPaths|TestUpdatesBase" -v',
        output: 'ok  \tx/strategy\t0.2s',
      },
      {
        bash: 'go test ./strategy/ -run TestMarkSessionEnded -v',
        exit: 1,
        output: '--- FAIL: TestMarkSessionEnded (0.00s)\nFAIL\nFAIL\tx/strategy\t0.1s',
      },
    ];
    expect((await check(steps, '- All three new tests passed; fmt and lint clean.')).contradictions).toEqual(
      [],
    );
    expect(lines(await check(steps, '- The MarkSessionEnded tests pass.'))).toHaveLength(1);
    expect(lines(await check(steps, 'All checks pass.'))).toHaveLength(1);
  });

  it('does not hold a pending task against a summary that says it is done, when the session wrote its file after listing it', async () => {
    repo = createTempRepo();
    const r = await check(
      [
        { user: 'ask for telemetry consent' },
        {
          todo: [
            { content: 'Add promptTelemetryConsent() function in setup.go', status: 'pending' },
            { content: 'Call the consent prompt from enable.go', status: 'pending' },
          ],
        },
        { edit: 'cmd/setup.go' },
      ],
      '- Just completed adding the promptTelemetryConsent() function to setup.go.\n- ✅ Call the consent prompt from enable.go — done',
    );
    expect(lines(r)).toEqual([
      "The summary says `Call the consent prompt from enable.go` is done, but the session's task list still has it pending.",
    ]);
  });

  it('does not hold an open task against a summary that says it is done, when the session committed that work after the list last changed', async () => {
    repo = createTempRepo();
    const r = await check(
      [
        { user: 'write the PRD, a part at a time, committing each' },
        {
          todo: [
            { content: 'Write Part II: User Experience & Design', status: 'in_progress' },
            { content: 'Write Part III: Functional Requirements', status: 'pending' },
          ],
        },
        { edit: 'docs/prd.md' },
        {
          bash: 'git add docs/prd.md && git commit -m "docs: add Part II - User Experience & Design"',
          output:
            '[main a1679fe] docs: add Part II - User Experience & Design\n 1 file changed, 90 insertions(+)',
        },
      ],
      '- Part II: User Experience & Design - COMPLETED\n- ✅ Write Part III: Functional Requirements — done',
    );
    expect(lines(r)).toEqual([
      "The summary says `Write Part III: Functional Requirements` is done, but the session's task list still has it pending.",
    ]);
    // A commit that shares a word or two of a task is other work.
    const other = await check(
      [
        { user: 'tidy up' },
        { todo: [{ content: 'Update the README install section', status: 'pending' }] },
        {
          bash: 'npm update && git commit -am "chore: update dependencies"',
          output: '[main b2c3d4e] chore: update dependencies',
        },
      ],
      '- ✅ Update the README install section — done',
    );
    expect(lines(other)).toHaveLength(1);
  });

  it('reads a file found already changed, and a path that starts a clause of its own, as no claim', () => {
    const files = (text: string) =>
      extractClaims(text).flatMap((c) => (c.kind === 'file' ? [`${c.verb} ${c.path}`] : []));
    expect(files('   - tailwind.config.mjs (design system already updated with accent colors)')).toEqual([]);
    expect(
      files('   - src/layouts/Layout.astro (Inter font already added, dark mode color updated)'),
    ).toEqual([]);
    expect(files('- The colours were already added in `src/styles/global.css`')).toEqual([]);
    expect(files('- Updated the header, colours already added in `src/styles/global.css`')).toEqual([]);
    expect(files('- The hook had already been added to `src/hooks/useAuth.ts`')).toEqual([]);
    expect(files('- `src/styles/global.css` — gradients updated')).toEqual(['updated src/styles/global.css']);
    expect(
      files(
        '- Created `lab/gate2_v4.py` because `lab/gate2_old.py` was deleted, and `lab/gate2_v41.py` uses 13 dimensions',
      ),
    ).toEqual(['created lab/gate2_v4.py']);
    expect(files('- Fixed a crash where `src/app.ts` read the config twice')).toEqual([]);
  });

  it('reads a route written from its folder (`/api/chat/create.ts`) as the file that ends with it', async () => {
    repo = createTempRepo();
    const steps: Step[] = [
      { user: 'use the session cookie constant in the chat routes' },
      { edit: 'src/pages/api/chat/create.ts' },
      { edit: 'src/pages/api/chat/list.ts' },
    ];
    const summary =
      '- Fixed 3 files:\n   - /api/chat/create.ts\n   - /api/chat/list.ts\n   - /api/chat/archive.ts\n- Updated `/create.ts`';
    expect(lines(await check(steps, summary, { git: false }))).toEqual([
      'The summary says it fixed `/api/chat/archive.ts`, but no tool call in the session wrote, edited or deleted that file.',
      'The summary says it updated `/create.ts`, but no tool call in the session wrote, edited or deleted that file.',
    ]);
  });

  it('reads a commit said to have failed, an import line and a bare name no tool met as no claim it can refute', async () => {
    const commits = (text: string) => extractClaims(text).filter((c) => c.kind === 'commit').length;
    expect(commits('- Commit: "Commit failed" ✓')).toBe(0);
    expect(commits('- The commit was blocked by the pre-commit hook')).toBe(0);
    expect(commits('- Could not commit: the index was locked')).toBe(0);
    expect(commits('- Commit: 3 files, pushed')).toBe(1);
    const files = (text: string) =>
      extractClaims(text).flatMap((c) => (c.kind === 'file' ? [`${c.verb} ${c.path}`] : []));
    expect(files('- Fixed by adding `core/types/result.dart` import and a switch')).toEqual([]);
    expect(files('- Added the import of `lib/money.ts` to the cart')).toEqual([]);
    expect(files('- Added `lib/money.ts` with the rounding helpers')).toEqual(['added lib/money.ts']);
    repo = createTempRepo();
    const steps: Step[] = [
      { user: 'pass the env to the container' },
      { read: 'src/config.rs' },
      { edit: 'src/main.rs' },
    ];
    // `hints.env` is a field; `config.rs` a file the session read and did not change.
    expect(lines(await check(steps, '- Updated the call to pass `hints.env` along', { git: false }))).toEqual(
      [],
    );
    expect(lines(await check(steps, '- Updated `config.rs` to pass the env', { git: false }))).toHaveLength(
      1,
    );
  });

  it('does not hold a comparison that found a difference against "all checks pass"', async () => {
    repo = createTempRepo();
    const steps: Step[] = [
      { user: 'sync the permissions with the other repo' },
      { edit: 'settings.json' },
      { bash: 'diff <(jq .permissions a.json) <(jq .permissions settings.json)', exit: 1, output: '< "x"' },
      { bash: 'npx vitest run', output: 'Tests  3 passed (3)' },
    ];
    expect(lines(await check(steps, 'All checks pass.'))).toEqual([]);
  });

  it('reads "pass" that hands something on, a run of another time and one tool\'s own words as no pass claim', () => {
    const checks = (text: string) => extractClaims(text).filter((c) => c.kind === 'check').length;
    expect(checks('- Updated all existing tests to pass empty slice for extra_commands')).toBe(0);
    expect(checks('- This passed in test 5.1, one test earlier')).toBe(0);
    expect(checks('- After bun install, the generate E2E tests started passing')).toBe(0);
    expect(checks('   - Ruff: all checks passed')).toBe(0);
    expect(checks('- All checks pass')).toBe(1);
    expect(checks('- The tests pass now')).toBe(1);
    expect(checks('- Status: all checks passed')).toBe(1);
    const files = (text: string) =>
      extractClaims(text).flatMap((c) => (c.kind === 'file' ? [`${c.verb} ${c.path}`] : []));
    expect(
      files('- **`test/helpers/channel_mocks.dart`** — Mocks for VPN, kill switch, split tunnel'),
    ).toEqual([]);
    expect(files('- `lib/cart.ex` — the totals, now updated')).toEqual(['updated lib/cart.ex']);
  });

  it('reads "the new file" as what a file is, and a "(NEW)" tag copied from a plan the agent read as no claim', async () => {
    repo = createTempRepo();
    const files = (text: string) =>
      extractClaims(text).flatMap((c) => (c.kind === 'file' ? [`${c.verb} ${c.path}`] : []));
    expect(files('- I first missed the new file `docs/plans/Focus.md`, made after my listing')).toEqual([]);
    expect(files('- Created the new file `docs/plans/Focus.md`')).toEqual(['created docs/plans/Focus.md']);
    const steps: Step[] = [
      { user: 'recheck the plans folder' },
      {
        read: 'docs/plans/Focus.md',
        text: 'Key files:\n- `src/ui/focus-dialog.tsx` (NEW)\n- `src/ui/summary.tsx` (MOD)\n',
      },
      { edit: 'src/ui/summary.tsx' },
    ];
    const summary = (path: string) =>
      `3. Files and Code Sections:\n   - **\`${path}\`** (NEW - ~340 lines)\n`;
    // Named by the plan the agent read: the tag may be the plan's word.
    expect(lines(await check(steps, summary('src/ui/focus-dialog.tsx'), { git: false }))).toEqual([]);
    // Named nowhere in the log, or only in the agent's own words, and no one wrote it: held.
    expect(lines(await check(steps, summary('src/ui/made-up.tsx'), { git: false }))).toHaveLength(1);
    const said: Step[] = [...steps, { say: 'Next I will create `src/ui/said.tsx`.' }];
    expect(lines(await check(said, summary('src/ui/said.tsx'), { git: false }))).toHaveLength(1);
  });

  it('holds nothing of a file that starts with a compaction: the conversation it sums up is in another file', async () => {
    repo = createTempRepo();
    const steps: Step[] = [
      { compact: 'Created `src/elsewhere.ts` and all tests pass.' },
      { user: 'is the subagent still doing something?' },
    ];
    const session = await readTranscript(await written(steps));
    expect(session.partial).toBe(true);
    expect(lines(await check(steps, '- Created `src/elsewhere.ts`', { git: false }))).toEqual([]);
  });

  it('holds a count of passed tests against the run that printed it, coloured or not, not another suite', async () => {
    repo = createTempRepo();
    const esc = String.fromCharCode(27);
    const steps: Step[] = [
      { user: 'add the intent tests, then run the smoke test' },
      { edit: 'src/intent.test.ts' },
      {
        bash: 'npm run test:unit -- intent 2>&1 | tail -5',
        output: ` Test Files  ${esc}[1m${esc}[32m1 passed${esc}[39m\n      Tests  ${esc}[1m${esc}[32m51 passed${esc}[39m (51)\n`,
      },
      {
        bash: 'npx playwright test e2e/smoke.spec.ts 2>&1 | tail -3',
        output: '  36 failed\n  4 passed (1.2m)\n',
      },
    ];
    const session = await readTranscript(await written(steps));
    const unit = session.commands.find((c) => c.command.includes('intent'));
    expect(unit?.check?.counts?.passed).toBe(51);
    expect(extractClaims('- Tests passed: 51 tests')).toEqual([
      { kind: 'check', scope: 'test', count: 51, line: 1 },
    ]);
    expect(lines(await check(steps, '- Tests passed: 51 tests', { git: false }))).toEqual([]);
    // The same suite failing since: the count no longer holds.
    const since: Step[] = [
      ...steps,
      { edit: 'src/intent.ts' },
      {
        bash: 'npm run test:unit -- intent 2>&1 | tail -5',
        output: '      Tests  1 failed | 50 passed (51)\n',
      },
    ];
    expect(lines(await check(since, '- Tests passed: 51 tests', { git: false }))).toHaveLength(1);
    // Said with no number, it speaks of the latest run of the tests, which failed.
    expect(lines(await check(steps, '- All tests pass', { git: false }))).toHaveLength(1);
  });
});

/** A Claude Code log of `steps` in the test repository's folder. */
async function written(steps: Step[]): Promise<string> {
  repo ??= createTempRepo();
  const log = join(repo.dir, '..', `session-${Math.random().toString(36).slice(2)}.jsonl`);
  writeClaudeSession(log, repo.dir, steps);
  return log;
}
