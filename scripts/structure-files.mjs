// The files of src/ and the concept folder each belongs to: what the structure scripts share.
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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
