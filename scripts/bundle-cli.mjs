// Bundles the CLI (after `tsc`) into CommonJS chunks under dist/bin/. Start-up is most of what a
// `baton validate` costs: loading one small CommonJS entry with synchronous requires takes about
// a third of the time the ESM loader needs for the same modules one file at a time. Commands and
// codecs stay in separate chunks, loaded only when used; zod, yaml, fast-xml-parser and
// gpt-tokenizer stay external, and so do the store's drivers (better-sqlite3 is a native addon;
// pg is loaded only for a postgres:// store). The MCP SDK (and the Express it brings for --http)
// stays external too: `baton mcp` loads it from node_modules, and no other command loads it. The A2A SDK and express
// likewise: only `baton serve a2a`, `baton send` and a2a endpoints load them.
//
// Then, for `baton validate` (issue 23): the modules `validate --no-git` runs are traced and
// bundled again as one chunk (each chunk costs a lookup, a read and a compile), and a few
// commands are run once with BATON_CODE_CACHE_RECORD=1 so that the loader (scripts/bin-loader.cjs,
// dist/bin/baton.cjs) keeps V8's code cache of each chunk they load, with the functions they ran.
// Either step is skipped, with a line saying why, when it cannot run here (no git, say): the
// bundle works without them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rolldown } from 'rolldown';

const out = new URL('../dist/bin/', import.meta.url).pathname;
const entry = new URL('../dist/cli/index.js', import.meta.url).pathname;
const loaderSource = readFileSync(new URL('./bin-loader.cjs', import.meta.url), 'utf8');
const EXTERNAL = [
  /^node:/,
  'zod',
  'yaml',
  'fast-xml-parser',
  /^gpt-tokenizer(\/|$)/,
  'better-sqlite3',
  'pg',
  /^@a2a-js\/sdk(\/|$)/,
  'express',
  /^@modelcontextprotocol\/sdk(\/|$)/,
];

const isExternal = (id) => EXTERNAL.some((e) => (typeof e === 'string' ? e === id : e.test(id)));
const LAZY = '\0lazy-external:';

// `await import('yaml')` of an external package becomes the import of a small chunk of our own
// that requires it: a dynamic import() cannot run in a chunk compiled from the code cache (Node 20
// has no loader to give such a chunk but an experimental one), and this keeps the package loaded
// only when it is needed. Only an import of a file named at run time (a scripted agent) stays.
// Modules that import these stay out of the validate chunk, loaded only when needed as before
// (`--no-git` never starts child_process; a handoff without a hash never loads crypto).
const LAZY_BUILTINS = new Set(['node:child_process', 'node:crypto']);
const importsOf = new Map();

const externals = {
  name: 'baton:externals',
  moduleParsed(info) {
    importsOf.set(info.id, info.importedIds);
  },
  resolveId(source, _importer, options) {
    if (!isExternal(source)) return null;
    return options.kind === 'dynamic-import' ? `${LAZY}${source}` : { id: source, external: true };
  },
  load(id) {
    if (!id.startsWith(LAZY)) return null;
    const name = JSON.stringify(id.slice(LAZY.length));
    return `export * from ${name};\nexport { default } from ${name};\n`;
  },
};

/** Bundles with `groups` (rolldown's code-splitting groups); the chunks written. */
async function bundleWith(groups) {
  rmSync(out, { recursive: true, force: true });
  const bundle = await rolldown({
    input: { main: entry },
    platform: 'node',
    plugins: [externals],
    logLevel: 'silent',
  });
  const { output } = await bundle.write({
    dir: out,
    format: 'cjs',
    // Every name carries its content's hash: the code cache is kept by chunk name.
    entryFileNames: '[name]-[hash].cjs',
    chunkFileNames: '[name]-[hash].cjs',
    // ASCII source without comments: V8 keeps a one-byte string of each chunk instead of a
    // two-byte one, and reads and hashes half the bytes (the comments are in dist/'s modules).
    charset: 'ascii',
    comments: false,
    ...(groups.length ? { codeSplitting: { groups } } : {}),
  });
  await bundle.close();
  const chunks = output.filter((o) => o.type === 'chunk');
  const main = chunks.find((c) => c.isEntry);
  writeFileSync(join(out, 'baton.cjs'), loaderSource.replace('__ENTRY__', main.fileName), { mode: 0o755 });
  return chunks;
}

/** Runs the built `baton` in `cwd`; the result (stdout as text). */
function baton(cwd, args, options = {}) {
  return spawnSync(process.execPath, [...(options.node ?? []), join(out, 'baton.cjs'), ...args], {
    cwd,
    encoding: 'utf8',
    input: options.input,
    env: { ...process.env, ...options.env },
  });
}

/** A throwaway repository with an origin, on a feature branch, and a handoff written in it. */
function scratchRepository() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'baton-bundle-')));
  const git = (...args) => {
    const r = spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args[0]}: ${r.error?.message ?? r.stderr.trim()}`);
  };
  git('init', '-q', '-b', 'main');
  for (const [k, v] of [
    ['user.email', 'build@baton.invalid'],
    ['user.name', 'build'],
    ['commit.gpgsign', 'false'],
  ])
    git('config', k, v);
  git('remote', 'add', 'origin', 'https://github.com/acme/bundle.git');
  writeFileSync(join(dir, 'README.md'), '# scratch\n');
  git('add', '.');
  git('commit', '-qm', 'init');
  git('switch', '-qc', 'feature');
  const w = baton(dir, ['write'], { input: DRAFT });
  if (w.status !== 0) throw new Error(`baton write: ${w.stderr.trim()}`);
  return dir;
}

const DRAFT =
  '---\nfrom: build\ntask: TASK-01\nstatus: in-progress\n---\n# Handoff: TASK-01\n\n## Goal\n\nWarm the cache.\n\n## Summary\n\nA handoff to validate.\n\n## Done\n\n- [x] Wrote `README.md` — verified by `test -f README.md` → pass\n\n## Remaining\n\n### Finish\n\n- Goal: finish\n- Files in scope: README.md\n- Verify by: `test -f README.md`\n';

/** The modules a run of `validate --no-git` loads, by the chunks it required. */
function tracedModules(dir, chunks) {
  const list = join(dir, 'loaded.json');
  const hook = join(dir, 'trace.cjs');
  writeFileSync(
    hook,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(Object.keys(require.cache))));\n`,
  );
  const r = baton(dir, ['validate', '--no-git', '.baton/handoff.md'], { node: ['-r', hook] });
  if (r.status !== 0) throw new Error(`baton validate: ${r.stderr.trim()}`);
  const loaded = new Set(JSON.parse(readFileSync(list, 'utf8')).map((p) => p.slice(out.length)));
  return new Set(chunks.filter((c) => loaded.has(c.fileName)).flatMap((c) => c.moduleIds));
}

let chunks = await bundleWith([]);
let dir;
try {
  dir = scratchRepository();
  const main = chunks.find((c) => c.isEntry);
  // What every command loads stays apart, or the validate chunk would take it in (its modules'
  // dependencies go with them) and every command would load validate.
  const core = new Set(chunks.filter((c) => main.imports.includes(c.fileName)).flatMap((c) => c.moduleIds));
  const validate = tracedModules(dir, chunks);
  chunks = await bundleWith([
    { name: 'core', test: (id) => core.has(id), priority: 2 },
    {
      name: 'validate',
      test: (id) =>
        validate.has(id) &&
        !main.moduleIds.includes(id) &&
        !(importsOf.get(id) ?? []).some((i) => LAZY_BUILTINS.has(i)),
      priority: 1,
    },
  ]);
  const record = { env: { BATON_CODE_CACHE_RECORD: '1' } };
  const runs = [
    [['write'], { input: DRAFT }],
    [['validate'], {}],
    [['validate', '--no-git', '.baton/handoff.md'], {}],
    [['--help'], {}],
    [['provenance'], {}],
    [['resume'], {}],
  ];
  for (const [args, options] of runs) {
    const r = baton(dir, args, { ...options, ...record });
    if (r.status !== 0) throw new Error(`baton ${args.join(' ')} exited ${r.status}: ${r.stderr.trim()}`);
  }
} catch (error) {
  console.warn(`bundle-cli: the validate chunk and the code cache were not made (${error.message})`);
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
