/**
 * A test run narrowed to tests by name proves those tests only: `checkFor` keeps it for an item
 * about them and widens it (the filter dropped, the rest as written) for any other item.
 */
import { describe, expect, it } from 'vitest';
import { checkFor, narrowedTo, widened } from '../../src/transcripts/_narrowed.js';

describe('narrowed test runs', () => {
  it.each([
    ['go test ./pkg/... -run TestHashWorktreeID -v', 'go test ./pkg/... -v'],
    ['go test ./pkg/ -run "TestA|TestB" -v -count=1', 'go test ./pkg/ -v -count=1'],
    ['cd pkg && go test -v -run=TestGetOrCreate -timeout 30s', 'cd pkg && go test -v -timeout 30s'],
    ['python -m pytest tests/test_auth.py::TestLogin::test_ok -q', 'python -m pytest tests/test_auth.py -q'],
    ["pytest -k 'slow and db' tests/", 'pytest tests/'],
    ['npx vitest run src/date.test.ts -t "parses ISO weeks"', 'npx vitest run src/date.test.ts'],
    ['npm test -- --testNamePattern=Cart', 'npm test --'],
    ['npx playwright test --grep @smoke', 'npx playwright test'],
    ['vendor/bin/phpunit --filter InvoiceTest', 'vendor/bin/phpunit'],
    ['dotnet test --filter FullyQualifiedName~Orders', 'dotnet test'],
    ['bundle exec rspec spec/models/user_spec.rb:42', 'bundle exec rspec spec/models/user_spec.rb'],
    ['mix test test/shop_test.exs:17', 'mix test test/shop_test.exs'],
  ])('widens %s', (command, wide) => {
    expect(narrowedTo(command).length).toBeGreaterThan(0);
    expect(widened(command)).toBe(wide);
  });

  it.each([
    'go test ./...',
    'grep -run TODO src',
    'pytest tests/test_auth.py',
    'cargo test -- --nocapture',
    'node -k x.js',
  ])('leaves %s as it is: no name filter', (command) => {
    expect(narrowedTo(command)).toEqual([]);
    expect(checkFor(command, 'anything at all')).toBe(command);
  });

  it("keeps the filter for an item that names one of its tests, in the item's own spelling", () => {
    const run = 'go test ./session/ -run "TestApplyCommonActions|TestShadow_CommitBeforeStop" -count=1';
    expect(checkFor(run, 'Refactor applyCommonActions')).toBe(run);
    expect(checkFor(run, 'Fix commit before stop')).toBe(run);
    expect(checkFor(run, 'Fix the commit-before-stop race')).toBe(run);
    expect(checkFor(run, 'Wire Transition() into markSessionEnded')).toBe('go test ./session/ -count=1');
  });

  it('reads a line number as no name', () => {
    expect(checkFor('bundle exec rspec spec/a_spec.rb:42', 'Fix the 42 failing specs')).toBe(
      'bundle exec rspec spec/a_spec.rb',
    );
  });
});
