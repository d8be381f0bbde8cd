// What routing every import through its folder's index.ts would cost (issue 22 item 5): a copy
// of src/ with each import of another folder's file that the folder's door exports rewritten to
// the door, built and bundled as the CLI is, beside the real build. For `baton validate`, `log`
// and `--help`: the bundled chunks each loads (count, bytes) and its start-up, with `node -e 0`
// as the floor. Build first (`npm run build`).
//   node bench/doors.mjs
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { exportedNames } from '../scripts/structure-exports.mjs';
import { conceptOf, sourceFiles } from '../scripts/structure-files.mjs';
import { BIN, ms, ROUNDS, report, timeCommands } from './_lib.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const { say } = report();

// Rewrites the imports of `src` in place; returns how many went through a door and how many stayed.
function routeThroughDoors(src) {
  const files = sourceFiles(src);
  const known = new Set(files);
  const exported = exportedNames(src);
  let routed = 0;
  let kept = 0;
  for (const file of files) {
    const path = join(src, file);
    let text = readFileSync(path, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const edits = [];
    const consider = (spec, names) => {
      const target = posix.normalize(posix.join(posix.dirname(file), spec.text)).replace(/\.js$/, '.ts');
      if (!spec.text.startsWith('.') || !known.has(target) || !target.includes('/')) return;
      if (conceptOf(target) === conceptOf(file) || target.endsWith('/index.ts')) return;
      const door = `${posix.dirname(target)}/index.ts`;
      const open = exported.get(door);
      if (!(open && names?.every((n) => open.has(n)))) {
        kept++;
        return;
      }
      let rel = posix.relative(posix.dirname(file), door.replace(/\.ts$/, '.js'));
      if (!rel.startsWith('.')) rel = `./${rel}`;
      edits.push([spec.getStart(source) + 1, spec.end - 1, rel]);
      routed++;
    };
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const b = node.importClause?.namedBindings;
        const names = b && ts.isNamedImports(b) && !node.importClause.name ? b.elements : undefined;
        consider(
          node.moduleSpecifier,
          names?.map((e) => (e.propertyName ?? e.name).text),
        );
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = node.arguments;
        let p = node.parent;
        if (p && ts.isAwaitExpression(p)) p = p.parent;
        const names =
          p && ts.isVariableDeclaration(p) && ts.isObjectBindingPattern(p.name)
            ? p.name.elements.map((e) => (e.propertyName ?? e.name).text)
            : undefined;
        if (arg && ts.isStringLiteral(arg)) consider(arg, names);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const [start, end, rel] of edits.sort((a, b) => b[0] - a[0])) {
      text = text.slice(0, start) + rel + text.slice(end);
    }
    if (edits.length) writeFileSync(path, text);
  }
  return { routed, kept };
}

// A copy of the project whose imports go through the doors, built and bundled.
function buildRouted(dir) {
  for (const part of ['src', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const counts = routeThroughDoors(join(dir, 'src'));
  for (const cmd of [
    ['node_modules/.bin/tsc', '-p', 'tsconfig.build.json'],
    [process.execPath, 'scripts/bundle-cli.mjs'],
  ]) {
    const r = spawnSync(cmd[0], cmd.slice(1), { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd.join(' ')}: ${r.stdout}${r.stderr}`);
  }
  return counts;
}

// The chunks of dist/bin/ a command loads: a require hook counts them as the process exits.
const HOOK = `const M = require('module'); const fs = require('fs'); const seen = new Set();
const load = M._load; M._load = function (r, p, m) { const x = load.apply(this, arguments);
try { const f = M._resolveFilename(r, p, m); if (f.includes('/dist/bin/')) seen.add(f); } catch {} return x; };
process.on('exit', () => { let b = 0; for (const f of seen) b += fs.statSync(f).size;
process.stderr.write('CHUNKS ' + seen.size + ' ' + b + '\\n'); });`;

function chunksLoaded(bin, args, cwd, hook) {
  const r = spawnSync(process.execPath, ['-r', hook, bin, ...args], { cwd, encoding: 'utf8' });
  const m = /CHUNKS (\d+) (\d+)/.exec(r.stderr);
  return m ? { chunks: Number(m[1]), bytes: Number(m[2]) } : { chunks: 0, bytes: 0 };
}

const work = mkdtempSync(join(tmpdir(), 'baton-doors-'));
try {
  const routedDir = join(work, 'routed');
  const { routed, kept } = buildRouted(routedDir);
  const routedBin = join(routedDir, 'dist/bin/baton.cjs');
  const repo = join(work, 'repo');
  const git = (...args) => spawnSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
  spawnSync('git', ['init', '-q', '-b', 'main', repo]);
  git('-c', 'user.email=b@b', '-c', 'user.name=b', 'commit', '-q', '--allow-empty', '-m', 'init');
  const draft = readFileSync(join(ROOT, 'test/e2e/_helpers.ts'), 'utf8').match(/DRAFT = `([\s\S]*?)`;/)[1];
  spawnSync(process.execPath, [BIN, 'write'], { cwd: repo, input: draft.replaceAll('\\`', '`') });
  const hook = join(work, 'hook.cjs');
  writeFileSync(hook, HOOK);
  say(
    `imports of another folder's file routed through its index.ts: ${routed} (${kept} left: names the door lacks)`,
  );
  say('');
  say('| command | chunks (bytes) now | through index.ts | start-up now | through index.ts | node -e 0 |');
  say('|---|---:|---:|---:|---:|---:|');
  for (const args of [['validate'], ['log'], ['--help']]) {
    const now = chunksLoaded(BIN, args, repo, hook);
    const via = chunksLoaded(routedBin, args, repo, hook);
    const [floor, a, b] = timeCommands(
      [
        { name: 'node -e 0', cmd: [process.execPath, '-e', '0'], cwd: repo, expect: 0 },
        { name: 'now', cmd: [process.execPath, BIN, ...args], cwd: repo, expect: 0 },
        { name: 'routed', cmd: [process.execPath, routedBin, ...args], cwd: repo, expect: 0 },
      ],
      ROUNDS,
    );
    say(
      `| \`baton ${args.join(' ')}\` | ${now.chunks} (${now.bytes}) | ${via.chunks} (${via.bytes}) | ${ms(a)} | ${ms(b)} | ${ms(floor)} |`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
