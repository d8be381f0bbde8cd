/**
 * A Remaining item's Verify by is the check the session ran of that item's file when there is one
 * (a syntax check counts: `php -l`, `bash -n`, `node --check`, `python -m py_compile`), not the
 * default `git status --short`.
 */
import { describe, expect, it } from 'vitest';
import { compileSteps } from './support/sessions.js';

describe('Verify by', () => {
  it('takes a syntax check for a check, and the check of the file an item names for its Verify by', async () => {
    const { handoff } = await compileSteps([
      { user: 'Move the booking form into the theme' },
      { edit: 'theme/booking-form.php' },
      {
        bash: 'php -l theme/booking-form.php',
        output: 'No syntax errors detected in theme/booking-form.php',
      },
      { edit: 'scripts/deploy.sh' },
      { bash: 'bash -n scripts/deploy.sh && echo ok', output: 'ok' },
      { say: 'Next I will add the date picker to booking-form.php.' },
    ]);
    expect(handoff.validation.map((v) => v.command)).toEqual([
      'php -l theme/booking-form.php',
      'bash -n scripts/deploy.sh && echo ok',
    ]);
    const item = handoff.remaining.find((r) => r.title.includes('date picker'));
    expect(item?.verify_by).toEqual(['php -l theme/booking-form.php']);
  });

  it('keeps git status for an item no check names, where only syntax checks ran', async () => {
    const { handoff } = await compileSteps(
      [
        { user: 'Tidy the start script' },
        { edit: 'start.sh' },
        { bash: 'sh -n start.sh' },
        { say: 'Now I will write the release notes.' },
      ],
      'codex',
    );
    expect(handoff.validation.map((v) => v.command)).toEqual(['sh -n start.sh']);
    expect(handoff.remaining.find((r) => r.title.includes('release notes'))?.verify_by).toEqual([
      'git status --short',
    ]);
  });
});

describe('a test run narrowed to some tests, as the Verify by of other work', () => {
  it('gives the tasks it is not about the same run without its filter, and keeps it for the task it names', async () => {
    const { handoff } = await compileSteps([
      { user: 'Key the shadow branches by worktree' },
      {
        todo: [
          { content: 'Add HashWorktreeID to the checkpoint package', status: 'completed' },
          { content: 'Teach HashWorktreeID about bare repositories', status: 'pending' },
          { content: 'Update the branch name helper to take the worktree', status: 'pending' },
        ],
      },
      { edit: 'checkpoint/hash.go' },
      {
        bash: 'go test ./checkpoint/... -run TestHashWorktreeID -v',
        output: 'ok  \texample/checkpoint\t0.01s',
      },
      {
        bash: 'go test ./checkpoint/... -run TestHashWorktreeID -v',
        output: 'ok  \texample/checkpoint\t0.01s',
      },
    ]);
    const verify = (words: string) => handoff.remaining.find((r) => r.title.includes(words))?.verify_by;
    expect(verify('bare repositories')).toEqual(['go test ./checkpoint/... -run TestHashWorktreeID -v']);
    expect(verify('branch name helper')).toEqual(['go test ./checkpoint/... -v']);
    // The check itself is reported as it ran.
    expect(handoff.validation.map((v) => v.command)).toEqual([
      'go test ./checkpoint/... -run TestHashWorktreeID -v',
    ]);
  });
});

describe('the last check in the Summary', () => {
  it('says which files changed after its last run, and nothing when none did', async () => {
    const stale = await compileSteps([
      { user: 'Count removed lines' },
      { edit: 'strategy/attribution.go' },
      { bash: 'go build ./...', output: '' },
      { edit: 'strategy/attribution.go' },
      { edit: 'strategy/attribution_test.go' },
    ]);
    expect(stale.handoff.summary).toContain(
      'Last check: `go build ./...` passed (exit 0); since then `attribution.go`, `attribution_test.go` changed, not checked yet.',
    );
    const fresh = await compileSteps([
      { user: 'Count removed lines' },
      { edit: 'strategy/attribution.go' },
      { bash: 'go build ./...', output: '' },
    ]);
    expect(fresh.handoff.summary).toContain('Last check: `go build ./...` passed (exit 0).');
  });
});

describe('a check and the folder it ran in', () => {
  it('is one check when run with `cd <folder> &&` and again in that folder, the shell still there', async () => {
    const { handoff } = await compileSteps([
      { user: 'Add the tray icon to the desktop app' },
      { edit: 'apps/desktop/src-tauri/src/tray.rs' },
      {
        bash: 'cd apps/desktop/src-tauri && cargo check 2>&1 | tail -3',
        output:
          'error[E0599]: no method named `icon` found\nerror: could not compile `desk` due to 1 previous error',
      },
      { edit: 'apps/desktop/src-tauri/src/tray.rs' },
      // The shell stayed in src-tauri: the same check, now passing.
      {
        bash: 'cargo check 2>&1 | tail -3',
        output: '    Finished `dev` profile [unoptimized] target(s) in 2.5s',
      },
      { bash: 'cd ../../.. && npm run lint', output: 'ok' },
      // Back at the root: a cargo check here is another check.
      { bash: 'cargo check 2>&1 | tail -3', output: 'error: could not find `Cargo.toml`' },
    ]);
    const lines = handoff.validation.map((v) => `${v.result} ${v.command}`);
    expect(lines).toContain('passed cd apps/desktop/src-tauri && cargo check');
    expect(lines).not.toContain('failed cd apps/desktop/src-tauri && cargo check');
    expect(lines.filter((l) => l.endsWith(' cargo check'))).toHaveLength(2);
  });

  it('is no run of the check when the `cd` before it failed', async () => {
    const { handoff } = await compileSteps([
      { user: 'Fix the overlap test' },
      { edit: 'cli/overlap_test.go' },
      { bash: 'cd cli && go test -run TestOverlap', output: 'ok  \tdemo/cli\t0.4s' },
      // The shell is in cli/ now: the same `cd` again finds no such folder, and no test runs.
      {
        bash: 'cd cli && go test -run TestOverlap',
        exit: 1,
        output: '(eval):cd:1: no such file or directory: cli',
      },
      { bash: 'cd docs && make html', exit: 1, output: 'bash: cd: docs: No such file or directory' },
    ]);
    expect(handoff.validation.map((v) => `${v.result} ${v.command}`)).toEqual([
      'passed cd cli && go test -run TestOverlap',
    ]);
  });

  it('is no run of the check when it ran on the code with the changes stashed', async () => {
    const { handoff } = await compileSteps([
      { user: 'Fix the pull plugin' },
      { edit: 'packages/pull/src/index.ts' },
      { bash: 'bun run test --filter=pull', output: ' 12 pass\n 0 fail' },
      // Was the failure there before? The same tests on the stashed tree: not a run of the work.
      {
        bash: 'git stash && bun run test --filter=pull | tail -5 && git stash pop',
        output: ' 11 pass\n 1 fail',
      },
    ]);
    expect(handoff.validation.map((v) => `${v.result} ${v.command}`)).toEqual([
      'passed bun run test --filter=pull',
    ]);
  });
});
