/**
 * A test run narrowed to tests by name (`go test ./pkg -run TestHash`, `pytest -k login`,
 * `pytest tests/a.py::test_x`, `vitest run -t "parses"`, `rspec spec/a_spec.rb:42`) proves the
 * tests it names and nothing else. As the Verify by of an item those names are not about, the
 * same run without the filter is the check: the package, file or suite it was narrowed from.
 */

// A filter's value: quoted, or one word.
const VALUE = String.raw`(?:"[^"]*"|'[^']*'|[^\s;&|]+)`;

interface Filter {
  /** The runner's words in the command (the filter means this only for that runner). */
  runner: RegExp;
  /** The filter, with the space before it, and its value in group 1. */
  filter: RegExp;
}

const flag = (names: string) => new RegExp(String.raw`\s(?:${names})(?:=|\s+)(${VALUE})`, 'g');

const FILTERS: Filter[] = [
  { runner: /\bgo\s+test\b/, filter: flag('-{1,2}(?:test\\.)?run') },
  { runner: /\bpytest\b/, filter: flag('-k') },
  // A test id after its file: `tests/test_a.py::TestLogin::test_ok`.
  { runner: /\bpytest\b/, filter: /(?<=\.py)(::[^\s;&|]+)/g },
  {
    runner:
      /\b(?:vitest|jest|bun\s+test|npm\s+(?:run\s+)?test|pnpm\s+(?:run\s+)?test|yarn\s+(?:run\s+)?test)\b/,
    filter: flag('-t|--testNamePattern|--test-name-pattern'),
  },
  { runner: /\b(?:mocha|playwright\s+test)\b/, filter: flag('--grep|-g') },
  { runner: /\b(?:phpunit|pest|dotnet\s+test)\b/, filter: flag('--filter') },
  { runner: /\brspec\b/, filter: flag('-e|--example') },
  // A line of a spec file: `rspec spec/a_spec.rb:42`, `mix test test/a_test.exs:17`.
  { runner: /\b(?:rspec|mix\s+test)\b/, filter: /(?<=_(?:spec\.rb|test\.exs))(:\d+(?::\d+)*)/g },
];

/** The names a narrowed run's filters give (`TestHashWorktreeID`, `login`), or none when it is not narrowed. */
export function narrowedTo(command: string): string[] {
  const names: string[] = [];
  for (const { runner, filter } of FILTERS) {
    if (!runner.test(command)) continue;
    for (const m of command.matchAll(filter)) names.push((m[1] ?? '').replace(/^["']|["']$/g, ''));
  }
  return names;
}

/** The command without its name filters: the whole package, file or suite it ran a part of. */
export function widened(command: string): string {
  let out = command;
  for (const { runner, filter } of FILTERS) if (runner.test(out)) out = out.replace(filter, '');
  return out.replace(/[ \t]{2,}/g, ' ').trim();
}

/**
 * The words a filter names, as an item's words would write them: `TestHashWorktreeID` is about
 * `hashworktreeid`; `TestShadow_CommitBeforeStop` about `shadow_commitbeforestop` and
 * `commitbeforestop`; `"TestA|TestB"` about each; a line number about nothing.
 */
function namesOf(filter: string): string[] {
  const out: string[] = [];
  for (const part of filter.split(/[^A-Za-z0-9_]+/)) {
    const name = part.replace(/^(?:Test_?|test_?)(?=[A-Za-z])/, '').toLowerCase();
    if (name.length >= 4 && !/^\d+$/.test(name)) out.push(name.replace(/_/g, ''));
    for (const piece of name.split('_')) if (piece.length >= 6) out.push(piece);
  }
  return out;
}

/**
 * The check to give an item whose Verify by would be `command`: as it is when it is not narrowed
 * or when the item speaks of a test it names (`Add HashWorktreeID` and `-run TestHashWorktreeID`),
 * else widened.
 */
export function checkFor(command: string, item: string): string {
  return speaksFor(command, item) ? command : widened(command);
}

/** Whether the run is narrowed to named tests. */
export const isNarrowed = (command: string) => narrowedTo(command).length > 0;

/** Whether a run says something of what `text` speaks of: it is not narrowed, or `text` names one of its tests. */
export function speaksFor(command: string, text: string): boolean {
  const filters = narrowedTo(command);
  if (filters.length === 0) return true;
  const words = text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return filters.some((f) => namesOf(f).some((name) => words.includes(name)));
}
