// The files of src/, the concept folder each belongs to, where an import leads, and each file
// parsed once: what the structure scripts share.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every `.ts` file under `src/`, as a path relative to `src/` with `/` separators. */
export function sourceFiles(srcDir = join(ROOT, 'src')) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        out.push(relative(srcDir, full).split(sep).join('/'));
      }
    }
  };
  walk(srcDir);
  return out.sort();
}

/** The concept folder of a file: its first path segment, or the file itself at the top level. */
export function conceptOf(file) {
  const slash = file.indexOf('/');
  return slash < 0 ? file.replace(/\.ts$/, '') : file.slice(0, slash);
}

/** The file an import specifier in `file` names (`./x.js` is `x.ts` or `x/index.ts`), if it is one of `known`. */
export function resolveSpec(file, spec, known) {
  if (!spec.startsWith('.')) return undefined;
  return resolveIn(posix.normalize(posix.join(posix.dirname(file), spec)), known);
}

/** `target` (a path with `/`, its `.js` ending for `.ts`) as one of the `known` files, if it is one. */
export function resolveIn(target, known) {
  const t = target.replace(/\.js$/, '.ts');
  return [t, `${t}.ts`, `${t}/index.ts`].find((c) => known.has(c));
}

// Every report walks each file several times (imports, exports, doors, function lengths): the
// syntax tree is made once per file and its text, and made again only when the text changed.
const parsed = new Map();

/** The syntax tree (parents set) of `file` under `dir`. */
export function parseSource(dir, file) {
  const full = join(dir, file);
  const text = readFileSync(full, 'utf8');
  const hit = parsed.get(full);
  if (hit?.text === text) return hit.source;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  parsed.set(full, { text, source });
  return source;
}
