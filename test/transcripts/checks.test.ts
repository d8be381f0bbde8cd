/** Reading a check's run as a person does: whose status the line reports, and the runner's summary line. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hiddenStatus, readCheck, runnerCounts } from '../../src/transcripts/_checks.js';
import { isQuestion, requestText } from '../../src/transcripts/_requests.js';
import { isStanding } from '../../src/transcripts/_standing.js';
import { checkCommand } from '../../src/transcripts/_validation.js';

describe('hiddenStatus', () => {
  it('knows when a filter or a mask after the check sets the status', () => {
    expect(hiddenStatus('npm test 2>&1 | tail -20')).toBe('the status is that of `tail`');
    expect(hiddenStatus('go test ./... | head -5')).toBe('the status is that of `head`');
    expect(hiddenStatus('pytest || echo failed')).toBe('the status is that of `echo`');
    expect(hiddenStatus('cargo test; true')).toBe('the status is that of `true`');
  });

  it('knows that any program after the check in a pipeline sets the status, not only the known filters', () => {
    expect(hiddenStatus('npx tsc --noEmit 2>&1 | Select-Object -First 50')).toBe(
      'the status is that of `Select-Object`',
    );
    expect(hiddenStatus('cargo clippy 2>&1 | Select-String "error"')).toBe(
      'the status is that of `Select-String`',
    );
    expect(hiddenStatus('pytest -q | python3 scripts/summarise.py')).toBe('the status is that of `python3`');
    expect(hiddenStatus('go test ./... | xargs -n1 echo')).toBe('the status is that of `xargs`');
    expect(hiddenStatus('cargo test; Write-Host done')).toBe('the status is that of `Write-Host`');
    // The last stage is itself the check: its status is the check's.
    expect(hiddenStatus('yes | npx vitest run')).toBeUndefined();
  });

  it('keeps the status when it is the check’s own', () => {
    expect(hiddenStatus('npm test')).toBeUndefined();
    expect(hiddenStatus('set -o pipefail; npm test | tail -5')).toBeUndefined();
    expect(hiddenStatus('npm test | grep -q "0 failed"')).toBeUndefined();
    expect(hiddenStatus('[ -f a ] && echo yes')).toBeUndefined();
    expect(hiddenStatus('echo "a | tail" && npm test')).toBeUndefined();
  });
});

describe('runnerCounts', () => {
  const cases: [string, string, object][] = [
    [
      'vitest',
      ' Test Files  1 failed | 3 passed (4)\n      Tests  2 failed | 40 passed (42)',
      { failed: 2, passed: 40 },
    ],
    ['vitest', '      Tests  12 passed (12)', { failed: 0, passed: 12 }],
    ['jest', 'Tests:       1 failed, 1 skipped, 9 passed, 11 total', { failed: 1, passed: 9 }],
    ['pytest', '==== 3 failed, 10 passed in 1.23s ====', { failed: 3, passed: 10 }],
    ['pytest', '======= 7 passed in 0.50s =======', { failed: 0, passed: 7 }],
    ['cargo test', 'test result: FAILED. 4 passed; 1 failed; 0 ignored', { failed: 1, passed: 4 }],
    ['ExUnit', 'Finished in 0.4 seconds\n1 doctest, 120 tests, 0 failures', { failed: 0, passed: 120 }],
    ['rspec', '15 examples, 2 failures', { failed: 2, passed: 13 }],
    ['mocha', '  8 passing (20ms)\n  1 failing', { failed: 1 }],
    ['go test', 'ok  \tgithub.com/a/b\t0.012s', { failed: 0 }],
    ['go test', '--- FAIL: TestX (0.00s)\nFAIL\tgithub.com/a/b\t0.01s', { failed: 1 }],
    ['tsc', 'src/a.ts(3,1): error TS2304: Cannot find name', { failed: 1 }],
  ];
  for (const [runner, output, counts] of cases) {
    it(`reads ${runner}: ${output.split('\n').at(-1)}`, () => {
      expect(runnerCounts(output)).toMatchObject({ runner, ...counts });
    });
  }

  it('finds nothing in output that has no summary line', () => {
    expect(runnerCounts('Compiling 3 files (.ex)\nGenerated app')).toBeUndefined();
  });
});

describe('a summary line of a runner with no rule of its own', () => {
  // Tuning cases; the held-out rows are in fixtures/checks-heldout.tsv (below).
  const failing = [
    'Ran 3 tests in 0.001s\n\nFAILED (errors=1)',
    'Tests: 5, Assertions: 5, Errors: 1.',
    ' 5 pass\n 1 fail\n 9 expect() calls',
    '# tests 4\n# pass 3\n# fail 1',
    'FAILED | 2 passed | 1 failed (90ms)',
    '    Summary [   0.2s] 3 tests run: 2 passed, 1 failed',
    '10 runs, 20 assertions, 1 failures, 0 errors, 0 skips',
    '[ FAIL 1 | WARN 0 | SKIP 0 | PASS 9 ]',
    '12 specs, 1 failure',
    '00:02 +3 -1: Some tests failed.',
    '\t Executed 3 tests, with 1 failure (0 unexpected) in 0.01 (0.02) seconds',
    '  4 tests passed\n  1 test failed',
    'Tests: succeeded 3, failed 1, canceled 0',
    '1 out of 5 tests failed (0.01s)',
    'Tests Passed: 3, Failed: 1, Skipped: 0',
    'Result: FAIL',
    '  3 passed (2.0s)\n  1 failed',
  ];
  const passing = [
    'Ran 3 tests in 0.001s\n\nOK (skipped=1)',
    'Passed!  - Failed: 0, Passed: 3, Skipped: 0, Total: 3',
    '# tests 4\n# pass 4\n# fail 0',
    'ok | 2 passed | 0 failed (90ms)',
    '10 runs, 20 assertions, 0 failures, 0 errors, 0 skips',
    '[ FAIL 0 | WARN 0 | SKIP 1 | PASS 9 ]',
    'Executed 5 of 5 SUCCESS (0.1 secs / 0.09 secs)',
    '00:02 +12: All tests passed!',
    '3/3 tests passed',
    'All tests successful.\nResult: PASS',
    '  1 flaky\n  7 passed (3.0s)',
    'OK (3 tests, 9 assertions)',
  ];
  for (const output of failing) {
    it(`reads as failed: ${output.split('\n').at(-1)}`, () => {
      expect(readCheck('x-test 2>&1 | tail -5', 0, false, output).ok).toBe(false);
    });
  }
  for (const output of passing) {
    it(`reads as passed: ${output.split('\n').at(-1)}`, () => {
      expect(readCheck('x-test 2>&1 | tail -5', 0, false, output).ok).toBe(true);
    });
  }

  it('says the counts it read, and no count where the line had none', () => {
    expect(readCheck('x-test | tail -3', 0, false, 'Tests Passed: 3, Failed: 1').reading).toBe(
      '1 failed, 3 passed (summary line)',
    );
    expect(readCheck('x-test | tail -3', 0, false, '4/4 tests passed').reading).toBe(
      '4 passed (summary line)',
    );
    expect(readCheck('x-test | tail -3', 0, false, 'Result: FAIL').reading).toBe('failed (its summary line)');
  });

  it('leaves a number in prose alone: the run stays unknown, never failed', () => {
    for (const output of [
      'removed 2 failed uploads from the queue',
      'copied 40 files, 0 errors while copying',
      'warning: 2 errors were ignored by configuration',
      '  ✓ keeps 0 failed jobs\n  ✓ retries 1 failed request',
    ]) {
      expect(readCheck('x-run | tail -3', 0, false, output).ok).toBeUndefined();
    }
    // tsc --watch saying all is well is not an error count of one.
    expect(
      readCheck('npx tsc --watch | tail -3', 0, false, 'Found 0 errors. Watching for file changes.').ok,
    ).toBe(true);
  });

  it('reads an error at setup, a file that failed to load and a coverage threshold as failures', () => {
    const read = (out: string) => readCheck('x 2>&1 | tail -9', 0, false, out).ok;
    expect(read('ERROR tests/test_a.py::test_b\n=== 12 passed, 2 errors in 1.02s ===')).toBe(false);
    expect(read('Test Suites: 2 failed, 3 passed, 5 total\nTests:       10 passed, 10 total')).toBe(false);
    expect(read(' Test Files  1 failed | 2 passed (3)\n      Tests  7 passed (7)')).toBe(false);
    expect(
      read(
        'FAIL Required test coverage of 80% not reached. Total coverage: 70.00%\n=== 5 passed in 1.00s ===',
      ),
    ).toBe(false);
    expect(
      readCheck('x | tail -3', 0, false, 'Jest: "global" coverage threshold for lines (90%) not met: 81%')
        .reading,
    ).toBe('coverage below its required threshold');
  });

  it('reads the run a watch mode started again, not the one it superseded', () => {
    const out =
      '      Tests  2 failed | 5 passed (7)\n FAIL  Tests failed. Watching for file changes...\n RERUN  src/a.ts x1\n      Tests  7 passed (7)\n PASS  Waiting for file changes...';
    expect(readCheck('npx vitest 2>&1 | tail -20', 0, false, out)).toMatchObject({
      ok: true,
      reading: '7 passed (vitest)',
    });
  });

  it('reads the last failing summary when a watch mode printed several', () => {
    expect(readCheck('x-test | tail -9', 0, false, '# pass 3\n# fail 1\n...\n# pass 4\n# fail 0').ok).toBe(
      false,
    );
  });
});

describe('held out (fixtures/checks-heldout.tsv)', () => {
  // Written before the reader above existed and scored once before (12 of 72 read right, all
  // others unknown) and once after it (docs/hosts.md); never tuned on. What must hold: no run
  // said failed that did not fail, none said passed that did not pass, and the share read right.
  const decode = (t: string) =>
    t.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
  // Each row's reading against what a person reads: how many right, and which the wrong way.
  function score(file: string) {
    const rows = readFileSync(join(import.meta.dirname, 'fixtures', file), 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      .map((l) => l.split('\t') as [string, string, string, string]);
    let right = 0;
    const wrong: string[] = [];
    for (const [expected, command, exit, output] of rows) {
      const { ok } = readCheck(command, Number(exit), false, decode(output));
      const got = ok === true ? 'pass' : ok === false ? 'fail' : 'unknown';
      if (got === expected) right++;
      else if (got !== 'unknown') wrong.push(`${command}: ${got}, not ${expected}`);
    }
    return { rows: rows.length, right, wrong };
  }

  it('reads no run the wrong way, and most of them right', () => {
    const { rows, right, wrong } = score('checks-heldout.tsv');
    expect(wrong).toEqual([]);
    expect(rows).toBe(72);
    expect(right).toBeGreaterThanOrEqual(66);
  });

  // A second set, written by a helper that saw neither this code nor these tests (its header says
  // so). Scored blind once: main 35 of 75 right, with this reader 63, and both read four runs the
  // wrong way (an error at setup, a suite that failed to load, a coverage threshold, a watch-mode
  // rerun); those four families were then fixed, so it is tuning from here on (docs/hosts.md).
  it('reads no run of the second set the wrong way', () => {
    const { rows, right, wrong } = score('checks-heldout2.tsv');
    expect(wrong).toEqual([]);
    expect(rows).toBe(75);
    expect(right).toBeGreaterThanOrEqual(67);
  });
});

describe('readCheck', () => {
  it('reads a piped test run by its summary, not by the exit status of tail', () => {
    const out = '      Tests  2 failed | 40 passed (42)\n';
    expect(readCheck('npx vitest run 2>&1 | tail -5', 0, false, out)).toEqual({
      ok: false,
      reading: '2 failed, 40 passed (vitest)',
      counts: { runner: 'vitest', failed: 2, passed: 40 },
    });
    expect(readCheck('mix test 2>&1 | tail -3', 0, false, '120 tests, 0 failures')).toMatchObject({
      ok: true,
    });
  });

  it('calls a piped check with no summary unknown, never failed', () => {
    expect(readCheck('npm run build | tail -3', 0, false, 'done')).toMatchObject({ ok: undefined });
    expect(readCheck('npm test 2>&1 | grep -i error', 1, true, '')).toEqual({
      ok: undefined,
      reading: 'unknown: the filter found no lines',
    });
  });

  it('reads silence from a type checker through a filter as passing', () => {
    expect(readCheck('npx tsc --noEmit 2>&1 | head -20', 0, false, '')).toMatchObject({ ok: true });
  });

  it('keeps a plain status, and a failure the host only explained', () => {
    expect(readCheck('npm test', 1, true, 'boom')).toEqual({ ok: false, reading: 'exit 1' });
    expect(readCheck('grep -q x a.txt', undefined, true, '')).toEqual({
      ok: false,
      reading: 'non-zero exit',
    });
    expect(readCheck('cargo build', 0, false, '')).toEqual({ ok: true, reading: 'exit 0' });
  });
});

describe('checkCommand', () => {
  it('folds runs that differ only in how they trim their output', () => {
    expect(checkCommand('mix test --seed 0 2>&1 | tail -15')).toBe('mix test --seed 0');
    expect(checkCommand('mix test --seed 0 2>&1 | head -100')).toBe('mix test --seed 0');
    expect(checkCommand('npx tsc --noEmit a.ts 2>&1 || echo "Checking"')).toBe('npx tsc --noEmit a.ts');
    expect(checkCommand('cd web && npm test 2>&1 | grep -E "fail|error" | head -5')).toBe(
      'cd web && npm test',
    );
    expect(checkCommand('npm test')).toBe('npm test');
    expect(checkCommand('bun run typecheck 2>&1')).toBe('bun run typecheck');
    expect(checkCommand('bun run typecheck 2>&1 | head -50')).toBe('bun run typecheck');
    expect(checkCommand('cd C:\\w\\app; cargo clippy --workspace 2>&1 | Select-Object -Last 5')).toBe(
      'cd C:\\w\\app; cargo clippy --workspace',
    );
    expect(checkCommand('npm test | python3 scripts/summarise.py')).toBe('npm test');
    expect(checkCommand('npm test | grep -q "0 failed"')).toBe('npm test | grep -q "0 failed"');
  });
});

describe('requests and preferences', () => {
  it('tells a question from a standing instruction', () => {
    for (const q of [
      'did you push?',
      'are we sure there was no websockets endpoint',
      'what else was there to check',
      '这是我让它帮我生成的记录表，可以吗',
      '以后我开启另一个项目，是自动结束还是怎么弄呢，可能不需要这个上下文了',
      '是否不要再用旧的接口',
      'テストは通りましたか',
    ])
      expect([isQuestion(q), isStanding(q)], q).toEqual([true, false]);
    for (const p of [
      'Always run the tests with --run.',
      'never push to main',
      "Don't touch the migrations.",
      'i want to use gsd instead of claude native plan mode',
      'Use pnpm, not npm.',
      'keep the public API stable',
      'Verwende immer pnpm.',
      '以后不要修改迁移文件',
    ])
      expect(isStanding(p), p).toBe(true);
    for (const r of [
      'commit the pnl changes then execute phase 12',
      'fix the parser',
      'still showing sol $0.00 after refresh',
    ])
      expect(isStanding(r), r).toBe(false);
  });

  it('keeps a custom slash command as a request and a host command out', () => {
    const slash = (name: string, args = '') =>
      `<command-message>${name}</command-message>\n<command-name>/${name}</command-name>\n<command-args>${args}</command-args>`;
    expect(requestText(slash('gsd:plan-phase', '13'))).toBe('/gsd:plan-phase 13');
    expect(requestText(slash('compact'))).toBeUndefined();
    expect(requestText(' /clear')).toBeUndefined();
    // The menu the host offers when a rate limit is reached steers the host, too.
    expect(requestText(slash('rate-limit-options'))).toBeUndefined();
    expect(requestText('/rate-limit-options')).toBeUndefined();
  });
});

describe('tsc given files', () => {
  it('is unknown when it fails: with files named, tsc leaves tsconfig.json aside', () => {
    const out = "src/a.ts(1,20): error TS2307: Cannot find module '@/lib/x'.";
    for (const command of [
      'npx tsc --noEmit src/hooks/useData.ts src/App.tsx 2>&1 || echo "checking files"',
      'cd apps/web && tsc --noEmit --jsx react-jsx src/App.tsx',
      'pnpm exec tsc src/index.mts',
    ]) {
      const read = readCheck(command, 2, true, out);
      expect(read.ok, command).toBeUndefined();
      expect(read.reading, command).toMatch(/^unknown: given files, `tsc` leaves tsconfig\.json aside/);
    }
  });

  it('stays failed with a project, or with no files; and a pass given files is still a pass', () => {
    const out = 'src/a.ts(1,1): error TS2304';
    for (const command of [
      'npx tsc --noEmit',
      'npx tsc -p apps/web/tsconfig.json src/a.ts',
      'tsc --build',
      'npx tsc --noEmit src/config.json',
    ])
      expect(readCheck(command, 2, true, out).ok, command).toBe(false);
    expect(readCheck('npx tsc --noEmit src/a.ts', 0, false, '').ok).toBe(true);
  });
});

describe('a build through a filter', () => {
  it('passed when it printed nothing, failed when the compiler printed its error lines, else unknown', () => {
    expect(readCheck('go build ./... 2>&1 | head -30', 0, false, '').ok).toBe(true);
    const errors =
      '# example/cli/strategy\ncmd/cli/strategy/git.go:57:59: not enough arguments in call to ShadowBranchName\n';
    expect(readCheck('go build ./... 2>&1 | head -30', 0, false, errors)).toMatchObject({
      ok: false,
      reading: 'the output shows compile errors (through `head`)',
    });
    expect(readCheck('npx tsc -p . 2>&1 | head', 0, false, "src/a.ts(3,7): error TS2322: Type 'x'").ok).toBe(
      false,
    );
    expect(readCheck('cargo check 2>&1 | tail -5', 0, false, 'error[E0308]: mismatched types\n').ok).toBe(
      false,
    );
    // Another program's lines in the output prove nothing of the build.
    expect(readCheck('make build 2>&1 | tail', 0, false, 'main.go:3:1: warning').ok).toBeUndefined();
  });

  it("counts a task runner's test and lint tasks as checks, and not its other tasks", async () => {
    const { isCheck } = await import('../../src/transcripts/_shell.js');
    expect(
      ['mise run test', 'mise run fmt && mise run lint', 'mise run test:ci', 'task test'].map(isCheck),
    ).toEqual([true, true, true, true]);
    expect(['mise install', 'mise run lint-fix', 'task deploy'].map(isCheck)).toEqual([false, false, false]);
  });
});
