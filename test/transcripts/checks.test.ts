/** Reading a check's run as a person does: whose status the line reports, and the runner's summary line. */
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
  });
});
