#!/usr/bin/env node
// One edge per kind of boundary (issue 22 items 2 and 3), as data for the structure tests: source
// lines outside src/fs/ that make a containment decision of their own (a relative path tested
// against `..`, a symlink walk of their own), and lines outside src/servers/_http.ts that make an
// HTTP-edge decision of their own (a secret comparison, a listen, a loopback or Host rule, a
// security header). Comments do not count.
//   node scripts/structure-edges.mjs
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './structure.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// A relative path compared with `..` (`rel.startsWith('..')`, `parts[0] === '..'`, `'../'`),
// or links followed by hand (`readlinkSync`).
const CONTAINMENT = [
  /\.startsWith\(\s*(['"`])\.\.(\1|\/|\\|\$\{)/,
  /[!=]==?\s*(['"`])\.\.\1/,
  /(['"`])\.\.\1\s*[!=]==?/,
  /\breadlinkSync\b/,
];

// A comparison of secrets, a listen, a loopback rule, a Host rule, a security header.
const HTTP_EDGE = [
  /\btimingSafeEqual\b/,
  /\.listen\(/,
  /(['"`])::1\1/,
  /\^127/,
  /headers\.host\b/,
  /x-content-type-options/i,
];

/** Lines of `src/` outside `fs/` that decide containment themselves: `file:line: text`. */
export function containmentCopies(srcDir = join(ROOT, 'src')) {
  return matching(srcDir, CONTAINMENT, (file) => file.startsWith('fs/'));
}

/** Lines of `src/` outside `servers/_http.ts` that make an HTTP-edge decision themselves. */
export function httpEdgeCopies(srcDir = join(ROOT, 'src')) {
  return matching(srcDir, HTTP_EDGE, (file) => file === 'servers/_http.ts');
}

function matching(srcDir, patterns, owner) {
  const found = [];
  for (const file of sourceFiles(srcDir)) {
    if (owner(file)) continue;
    const lines = withoutComments(readFileSync(join(srcDir, file), 'utf8')).split('\n');
    lines.forEach((line, i) => {
      if (patterns.some((p) => p.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

// Comments become blank (line breaks kept, so line numbers hold).
function withoutComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

process.stdout.on('error', () => process.exit(0));
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const say = (s) => process.stdout.write(`${s}\n`);
  for (const [name, lines] of [
    ['containment checks outside src/fs/', containmentCopies()],
    ['HTTP-edge decisions outside src/servers/_http.ts', httpEdgeCopies()],
  ]) {
    say(`${name}: ${lines.length}`);
    for (const l of lines) say(`  ${l}`);
  }
}
