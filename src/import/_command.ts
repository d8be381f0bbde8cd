/**
 * Whether a piece of source text reads as a shell command. Import makes a Validation item only
 * from a command the source itself presents as one (a code span, or a line of a fenced block):
 * `resume --reverify` runs Validation commands, so a sentence ("Maintain 2468 passing tests") or
 * a path (`/packages/hooks-cli/`) must never become one.
 */

const ENV = /^[A-Z_][A-Z0-9_]*=\S*$/;
// A program: a lowercase name (`npm`, `python3`, `cargo-nextest`) or a relative or absolute path
// to a script (`./scripts/check.sh`, `bin/test`).
const PROGRAM = /^(?:[a-z][a-z0-9._+-]*|\.{1,2}\/[\w./@+-]+|(?:[\w.-]+\/)+[\w.+-]+)$/;
// Files that are read, not run: a path to one of these alone is a path, not a command.
const DOCUMENT =
  /\.(?:md|markdown|txt|json|ya?ml|toml|lock|ts|tsx|js|jsx|mjs|cjs|css|html|rs|go|java|c|h|cpp|png|svg)$/i;
// English words that start a sentence written in lowercase, never a program.
const PROSE = new Set(
  'a an the all and or to of in on for with is are was were be been it this that these those we i you they run check ensure make sure keep maintain verify confirm see note tests passing'.split(
    ' ',
  ),
);
// Programs that are commonly run alone.
const ALONE = new Set(
  'make pytest tox nox just cargo go npm pnpm yarn bun deno jest vitest mocha rspec rake gradle mvn ctest phpunit tsc biome eslint ruff mypy pyright black flake8 shellcheck'.split(
    ' ',
  ),
);

/** True when `code` (one line, markup removed) reads as a command a shell would run. */
export function readsAsCommand(code: string): boolean {
  const text = code.replace(/^\s*\$\s+/, '').trim();
  if (text === '' || text.includes('\n') || text.length > 500) return false;
  const words = text.split(/\s+/);
  let k = 0;
  while (k < words.length - 1 && ENV.test(words[k] as string)) k++;
  const program = words[k] as string;
  const args = words.length - k - 1;
  if (!PROGRAM.test(program) || program.endsWith('/')) return false;
  if (args === 0) {
    if (program.includes('/')) return /^\.{1,2}\//.test(program) && !DOCUMENT.test(program);
    return ALONE.has(program);
  }
  if (PROSE.has(program)) return false;
  // `test result: ok. 12 passed`, `Tests: 5 passed`: a label, output of a command, not one.
  if (words.slice(k, k + 2).some((w) => /[:：]$/.test(w))) return false;
  // `src/a.ts and b.ts`: a path followed by words is a path in a sentence.
  return !(program.includes('/') && !/^\.{1,2}\//.test(program) && DOCUMENT.test(program));
}
