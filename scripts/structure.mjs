#!/usr/bin/env node
// The shape of src/ as data: every import (static, type-only, re-export and `import()`) between
// files, the cycles among files and among concept folders, imports of another folder's private
// (`_`) file, function lengths, imports past a folder's door, exported values nothing imports, and
// the export names of the package's entry points. The structure tests assert on it; run it
// directly for a report, or `--api` for test/structure/public-api.json:
//   node scripts/structure.mjs [--json | --api]
import { readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { doorViolations, entryPoints, publicApi, unusedExports } from './structure-exports.mjs';
import { conceptOf, parseSource, resolveSpec, sourceFiles } from './structure-files.mjs';

export { conceptOf, sourceFiles };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
/** The most lines a function may take (STYLE.md: small files, small functions). */
export const MAX_FUNCTION_LINES = 80;
// Folders whose imports of src/ (or of its build, dist/) count as uses of an export.
const OUTSIDE_SRC = ['test', 'bench', 'scripts'].map((d) => join(ROOT, d));
// The module the `baton` binary runs: its loader (scripts/bin-loader.cjs, a `require` of the
// bundled chunk that no import names) calls what it exports, as a package entry point's are used.
const BIN_ENTRY = 'cli/index.ts';

/** The files each source file imports (only those inside `src/`), by any kind of import. */
export function importGraph(srcDir = join(ROOT, 'src')) {
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(join(srcDir, file), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const targets = new Set();
    for (const ref of info.importedFiles) {
      const hit = resolveSpec(file, ref.fileName, known);
      if (hit && hit !== file) targets.add(hit);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan), each sorted. */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The graph between concept folders that the file graph implies. */
export function conceptGraph(graph) {
  const out = new Map();
  for (const [file, targets] of graph) {
    const from = conceptOf(file);
    if (!out.has(from)) out.set(from, new Set());
    for (const t of targets) {
      const to = conceptOf(t);
      if (to !== from) out.get(from).add(to);
    }
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

/** Imports of a `_`-private file from outside the folder that holds it (subfolders may use it). */
export function privateImports(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    for (const t of targets) {
      const name = posix.basename(t);
      if (!name.startsWith('_')) continue;
      const owner = posix.dirname(t);
      const inside = owner === '.' || file.startsWith(`${owner}/`);
      if (!inside) found.push(`${file} -> ${t}`);
    }
  }
  return found.sort();
}

/** Every function-like node in src/ with its length in lines, longest first. */
export function functionLengths(srcDir = join(ROOT, 'src')) {
  const out = [];
  for (const file of sourceFiles(srcDir)) {
    const source = parseSource(srcDir, file);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.end).line;
        out.push({ file, name: nameOf(node), line: start + 1, lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

/** Everything the structure tests look at, in one object. */
export function structureReport(srcDir = join(ROOT, 'src')) {
  const graph = importGraph(srcDir);
  const concepts = conceptGraph(graph);
  const lengths = functionLengths(srcDir);
  return {
    files: graph.size,
    imports: [...graph.values()].reduce((n, t) => n + t.length, 0),
    fileCycles: cycles(graph),
    folderCycles: cycles(concepts),
    privateImports: privateImports(graph),
    longFunctions: lengths.filter((f) => f.lines > MAX_FUNCTION_LINES),
    doorViolations: doorViolations(srcDir),
    // Another tree (the tests' synthetic ones) has no package: nothing outside it, no entry point.
    unusedExports:
      srcDir === SRC
        ? unusedExports(srcDir, OUTSIDE_SRC, [...Object.values(entryPoints()), BIN_ENTRY])
        : unusedExports(srcDir, [], []),
    publicApi: srcDir === SRC ? publicApi() : {},
    longest: lengths[0],
    concepts: Object.fromEntries(concepts),
  };
}

process.stdout.on('error', () => process.exit(0));
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = structureReport();
  if (process.argv.includes('--api')) process.stdout.write(`${JSON.stringify(report.publicApi, null, 2)}\n`);
  else if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const say = (s) => process.stdout.write(`${s}\n`);
    say(`${report.files} files, ${report.imports} imports`);
    say(`file cycles: ${report.fileCycles.length}`);
    for (const c of report.fileCycles) say(`  ${c.join(' <-> ')}`);
    say(`folder cycles: ${report.folderCycles.length}`);
    for (const c of report.folderCycles) say(`  ${c.join(' <-> ')}`);
    say(`private imports across folders: ${report.privateImports.length}`);
    for (const p of report.privateImports) say(`  ${p}`);
    say(`imports past a door: ${report.doorViolations.length}`);
    for (const d of report.doorViolations) say(`  ${d}`);
    say(`exported values nothing else imports: ${report.unusedExports.length}`);
    for (const u of report.unusedExports) say(`  ${u}`);
    say(`functions over ${MAX_FUNCTION_LINES} lines: ${report.longFunctions.length}`);
    for (const f of report.longFunctions) say(`  ${f.lines} ${f.file}:${f.line} ${f.name}`);
  }
}
