/**
 * The one glob dialect of baton: picomatch's (the matcher most of the ecosystem uses), for every
 * `Files in scope` and every path a claim names. `*` and `?` stay inside one path part, `**`
 * spans parts, `[ab]` and `[a-z]` are character classes, `{a,b}` and `{1..3}` are alternatives,
 * `!(x)`-style extglobs work, dot files match, and a backslash makes the next character literal
 * (`src/\[ab\].ts` is the file of that name). A pattern also covers what is inside what it
 * matches: `src` and `src/*` both cover `src/a/b.ts`.
 */
import picomatch from 'picomatch';

const OPTIONS: picomatch.PicomatchOptions = { dot: true };
const cache = new Map<string, (path: string) => boolean>();

/** True when `pattern` has glob syntax (`*`, `?`, `[…]`, `{…}`, extglobs), not a literal path. */
export function isGlob(pattern: string): boolean {
  return picomatch.scan(pattern).isGlob;
}

/** The literal part of a glob before its first glob syntax (`src/a` for `src/a/*.ts`). */
function globBase(pattern: string): string {
  return isGlob(pattern) ? picomatch.scan(pattern).base : unescapeLiteral(pattern);
}

function matcher(pattern: string): (path: string) => boolean {
  let m = cache.get(pattern);
  if (!m) {
    if (isGlob(pattern)) {
      m = picomatch(pattern, OPTIONS);
    } else {
      const literal = unescapeLiteral(pattern);
      m = (path: string) => path === literal;
    }
    if (cache.size > 10_000) cache.clear();
    cache.set(pattern, m);
  }
  return m;
}

/** True when `path` (repository-relative, `/` separators) matches `pattern` or is inside what it matches. */
export function matchesPath(pattern: string, path: string): boolean {
  const m = matcher(pattern.replace(/\/+$/, ''));
  if (m(path)) return true;
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    if (m(path.slice(0, i))) return true;
  }
  return false;
}

/**
 * A test for a task's `Files in scope`: true for a path some pattern covers (a leading `./` is
 * dropped); every path when there is no pattern at all (a task without a scope is the repository's).
 */
export function scopeMatcher(patterns: readonly string[]): (path: string) => boolean {
  if (patterns.length === 0) return () => true;
  const scope = patterns.map((g) => g.replace(/^\.\//, ''));
  return (path) => scope.some((g) => matchesPath(g, path));
}

/** The anchored regular expression of a glob (the path itself, not what is inside it). */
export function globRegExp(pattern: string): RegExp {
  return isGlob(pattern)
    ? picomatch.makeRe(pattern, OPTIONS)
    : new RegExp(`^${unescapeLiteral(pattern).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * True when every path `inner` can match is covered by `outer`: `inner` is a path `outer`
 * matches, the same pattern, or a glob under the literal base of an `outer` that ends in `**`
 * (`src/**` covers `src/a/*.ts`).
 */
export function globCovers(outer: string, inner: string): boolean {
  if (!isGlob(inner)) return matchesPath(outer, unescapeLiteral(inner));
  if (outer === inner) return true;
  const m = /^(.*?)\/?\*\*(?:\/\*)?$/.exec(outer);
  if (!m || isGlob(m[1] ?? '')) return false;
  const base = m[1] ? `${unescapeLiteral(m[1])}/` : '';
  return `${globBase(inner)}/`.startsWith(base);
}

function unescapeLiteral(pattern: string): string {
  return pattern.replace(/\\(.)/g, '$1');
}
