/**
 * Test files and the modules they test, by the names the common runners look for: `cart.test.ts`,
 * `cart.spec.js`, `__tests__/cart.ts`, `test_cart.py`, `cart_test.go`, `cart_test.exs`,
 * `cart_spec.rb`, `CartTest.java`, `CartTests.cs`. An agent that changes a module edits its test
 * next as often as not, so a test the log names is a likely next file when its module is at hand.
 */

// A test's base name (without its last extension): the module's name with a mark before or after.
const MARKED = /^(?:tests?_(.+)|(.+?)(?:[._-](?:tests?|spec)|Tests?|Spec))$/;

const parts = (path: string) => {
  const q = path.replace(/\\/g, '/');
  const name = q.slice(q.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return { folder: q.slice(0, Math.max(0, q.lastIndexOf('/'))), base: dot > 0 ? name.slice(0, dot) : name };
};

/** The name of the module a test file tests (lower case), or undefined for a file that is not a test. */
export function testSubject(path: string): string | undefined {
  const { folder, base } = parts(path);
  const m = MARKED.exec(base);
  const subject = m ? (m[1] ?? m[2]) : /(?:^|\/)__tests__$/.test(folder) ? base : undefined;
  return subject?.toLowerCase();
}

/** A module's name as a test names it: its base name, lower case. */
export const moduleName = (path: string) => parts(path).base.toLowerCase();

// Folders that hold sources or tests as such, not a part of what they are about.
const ROOTS = new Set([
  'src',
  'lib',
  'app',
  'main',
  'java',
  'kotlin',
  'test',
  'tests',
  'spec',
  'specs',
  '__tests__',
]);
const about = (path: string) =>
  parts(path)
    .folder.split('/')
    .filter((x) => x !== '' && x !== '.' && !ROOTS.has(x.toLowerCase()));

/**
 * Whether a test sits where tests of that module sit: the same folder, a test tree that mirrors
 * the source tree (`lib/shop/cart.ex`, `test/shop/cart_test.exs`), or a flat test folder.
 */
function mirrors(test: string, module: string): boolean {
  const [t, m] = [about(test), about(module)];
  const [short, long] = t.length <= m.length ? [t, m] : [m, t];
  return short.every((x, i) => x === long[long.length - short.length + i]);
}

/**
 * `next` with, after each module in it, the tests of that module `scored` holds (files the log
 * names) that `next` does not: at most `extra` of them in all, the best scored first.
 */
export function withTestsOf(next: string[], scored: Map<string, number>, extra: number): string[] {
  const tests = [...scored]
    .filter(([p]) => !next.includes(p) && testSubject(p) !== undefined)
    .sort((a, b) => b[1] - a[1]);
  const out: string[] = [];
  let left = extra;
  for (const path of next) {
    out.push(path);
    if (testSubject(path) !== undefined) continue;
    for (const [test] of tests) {
      if (left > 0 && testSubject(test) === moduleName(path) && mirrors(test, path) && !out.includes(test)) {
        out.push(test);
        left--;
      }
    }
  }
  return out;
}
