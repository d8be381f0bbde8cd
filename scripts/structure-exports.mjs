// The export side of src/'s shape: which names each file exports and imports, the door rule
// (a name another folder takes must be one its index.ts exports), exported values that nothing
// imports, and the names of the package's entry points. Used by scripts/structure.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { conceptOf, parseSource as parse, resolveIn, resolveSpec, sourceFiles } from './structure-files.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const exported = (node) => node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/**
 * Every import of one file by another, with the names it takes: static, type-only, re-export, and
 * `import()` (its names when it is destructured or read as `.name`; otherwise `names` is null,
 * as for a namespace or default import).
 */
export function importedNames(srcDir = join(ROOT, 'src')) {
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  const out = [];
  for (const file of files) {
    for (const { spec, names, reexport } of importsIn(parse(srcDir, file))) {
      const to = resolveSpec(file, spec, known);
      if (to && to !== file) out.push({ from: file, to, names, reexport: reexport === true });
    }
  }
  return out;
}

// Every import in a source file: its specifier and the names it takes (null: all, or unknown).
function importsIn(source) {
  const out = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const names =
        clause && !clause.name && bindings && ts.isNamedImports(bindings)
          ? bindings.elements.map((e) => (e.propertyName ?? e.name).text)
          : clause
            ? null
            : [];
      out.push({ spec: node.moduleSpecifier.text, names });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((e) => (e.propertyName ?? e.name).text)
          : null;
      out.push({ spec: node.moduleSpecifier.text, names, reexport: true });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ spec: node.arguments[0].text, names: dynamicNames(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

// The names read from `import()`: `const { a, b } = await import(…)`, `(await import(…)).a`, or
// `import(…).then(({ a }) => …)`; null when they cannot be told.
function dynamicNames(call) {
  let p = call.parent;
  if (p && ts.isAwaitExpression(p)) p = p.parent;
  if (p && ts.isParenthesizedExpression(p)) p = p.parent;
  if (p && ts.isVariableDeclaration(p) && ts.isObjectBindingPattern(p.name))
    return p.name.elements.map((e) => (e.propertyName ?? e.name).text);
  if (p && ts.isPropertyAccessExpression(p) && p.name.text !== 'then') return [p.name.text];
  if (p && ts.isPropertyAccessExpression(p) && p.name.text === 'then') {
    const fn = p.parent?.arguments?.[0];
    const param = fn && ts.isFunctionLike(fn) ? fn.parameters[0] : undefined;
    if (param && ts.isObjectBindingPattern(param.name))
      return param.name.elements.map((e) => (e.propertyName ?? e.name).text);
  }
  return null;
}

/** The names each file exports: its exported declarations and what it re-exports. */
export function exportedNames(srcDir = join(ROOT, 'src')) {
  const out = new Map();
  for (const file of sourceFiles(srcDir)) {
    const names = new Set();
    for (const st of parse(srcDir, file).statements) {
      if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const e of st.exportClause.elements) names.add(e.name.text);
      } else if (ts.isVariableStatement(st) && exported(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
      } else if (exported(st) && st.name && ts.isIdentifier(st.name)) names.add(st.name.text);
    }
    out.set(file, names);
  }
  return out;
}

/** The door of a file: the index.ts of its folder, else of the nearest folder above it in its concept. */
export function doorOf(file, known) {
  const concept = conceptOf(file);
  for (let dir = posix.dirname(file); dir !== '.'; dir = posix.dirname(dir)) {
    if (known.has(`${dir}/index.ts`)) return `${dir}/index.ts`;
    if (dir === concept) break;
  }
  return undefined;
}

/**
 * Imports across concept folders that pass a door: every name taken from another folder must be
 * one its door (index.ts) exports, though the import may name the file that defines it (so that
 * a lazily loaded chunk holds only what it uses). A name the door does not export is private.
 */
export function doorViolations(srcDir = join(ROOT, 'src')) {
  const known = new Set(sourceFiles(srcDir));
  const names = exportedNames(srcDir);
  const found = [];
  for (const { from, to, names: taken } of importedNames(srcDir)) {
    if (conceptOf(from) === conceptOf(to) || !to.includes('/')) continue;
    const door = doorOf(to, known);
    if (!door) {
      found.push(`${from} -> ${to}: ${conceptOf(to)}/ has no index.ts`);
      continue;
    }
    if (to === door) continue;
    const open = names.get(door);
    const missing = taken === null ? (open.size ? [] : ['*']) : taken.filter((n) => !open.has(n));
    if (missing.length) found.push(`${from} -> ${to}: ${missing.join(', ')} not in ${door}`);
  }
  return [...new Set(found)].sort();
}

// The exported values (not types) a file declares itself.
function declaredValues(source) {
  const names = [];
  for (const st of source.statements) {
    if (!exported(st)) continue;
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    } else if (
      (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) &&
      st.name
    ) {
      names.push(st.name.text);
    }
  }
  return names;
}

// The .ts and .mjs files under the folders outside src/ whose imports of src/ count as uses.
function outsideFiles(dirs) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'fixtures' && entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

// Imports of src/ by files outside it: a specifier into src/x.ts, or into the build's dist/x.js.
function outsideImports(srcDir, dirs, known) {
  const dist = join(dirname(srcDir), 'dist');
  const out = [];
  for (const full of outsideFiles(dirs)) {
    for (const { spec, names } of importsIn(parse(dirname(full), full.slice(dirname(full).length + 1)))) {
      if (!spec.startsWith('.')) continue;
      const abs = resolve(dirname(full), spec);
      const base = abs.startsWith(`${srcDir}${sep}`)
        ? srcDir
        : abs.startsWith(`${dist}${sep}`)
          ? dist
          : undefined;
      if (!base) continue;
      const to = resolveIn(relative(base, abs).split(sep).join('/'), known);
      if (to) out.push({ from: full, to, names });
    }
  }
  return out;
}

/** The package's entry points (package.json `exports`), as files of src/. */
export function entryPoints(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const out = {};
  for (const [key, value] of Object.entries(pkg.exports ?? {})) {
    const target = typeof value === 'string' ? value : value.default;
    if (typeof target === 'string' && target.startsWith('./dist/') && target.endsWith('.js'))
      out[key] = target.slice('./dist/'.length).replace(/\.js$/, '.ts');
  }
  return out;
}

/**
 * Exported values that no other file imports (src/, and the `outside` folders: tests, benches,
 * scripts). A door's re-export is a use only when something imports the name through that door,
 * or the door is one of the package's entry points (`entries`, files of src/).
 */
export function unusedExports(
  srcDir = join(ROOT, 'src'),
  outside = [],
  entries = Object.values(entryPoints()),
) {
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  const edges = [...importedNames(srcDir), ...outsideImports(srcDir, outside, known)];
  // Where each re-exported name comes from: `door#name` -> `file#name`.
  const from = new Map();
  for (const file of files) {
    for (const { spec, names, reexport } of importsIn(parse(srcDir, file))) {
      const to = reexport && names ? resolveSpec(file, spec, known) : undefined;
      if (to) for (const n of names) from.set(`${file}#${n}`, `${to}#${n}`);
    }
  }
  const origin = (key) => {
    let k = key;
    for (let hops = 0; from.has(k) && hops < 20; hops++) k = from.get(k);
    return k;
  };
  const declared = new Map(files.map((f) => [f, declaredValues(parse(srcDir, f))]));
  const used = new Set();
  for (const { to, names, reexport } of edges) {
    // A door passing a name on is not a use of it: a use is an import, here or beyond the door.
    if (reexport) continue;
    if (names === null) {
      for (const n of declared.get(to) ?? []) used.add(`${to}#${n}`);
      for (const [k] of from) if (k.startsWith(`${to}#`)) used.add(origin(k));
      continue;
    }
    for (const n of names) used.add(origin(`${to}#${n}`));
  }
  for (const entry of entries) {
    for (const n of declared.get(entry) ?? []) used.add(`${entry}#${n}`);
    for (const [k] of from) if (k.startsWith(`${entry}#`)) used.add(origin(k));
  }
  const found = [];
  for (const [file, names] of declared)
    for (const n of names) if (!used.has(`${file}#${n}`)) found.push(`${file} ${n}`);
  return found.sort();
}

/** The names (values and types) each of the package's entry points exports, sorted. */
export function publicApi(root = ROOT) {
  const srcDir = join(root, 'src');
  const names = exportedNames(srcDir);
  return Object.fromEntries(
    Object.entries(entryPoints(root)).map(([key, file]) => [key, [...(names.get(file) ?? [])].sort()]),
  );
}
