#!/usr/bin/env node
// `baton`, as installed: the loader of the bundled CLI (scripts/bundle-cli.mjs copies this file to
// dist/bin/baton.cjs, with the entry chunk's name filled in). It compiles the bundle's chunks with
// the V8 code cache the build made for this Node version, when there is one: compiling them was
// the largest part of what `baton validate` adds to node's own start. A cache V8 refuses (another
// Node, other flags) is ignored and the chunk compiled as usual.
'use strict';
const Module = require('node:module');
const { readFileSync, writeFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');

const ENTRY = './__ENTRY__';
const INDEX = join(__dirname, 'code-cache.json');
const BLOB = join(__dirname, 'code-cache.bin');
// Set by the build only: record the cache of each chunk this run compiles (added to what is there).
const record = process.env.BATON_CODE_CACHE_RECORD === '1';
// Dynamic `import()` inside a chunk needs the main context's loader (Node 20.12 and later).
const loader = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;

if (loader) useCache(readCache());
require(ENTRY).runCli();

function readCache() {
  try {
    const index = JSON.parse(readFileSync(INDEX, 'utf8'));
    if (index.node !== process.version || index.arch !== process.arch) return { chunks: {}, blob: undefined };
    return { chunks: index.chunks, blob: readFileSync(BLOB) };
  } catch {
    return { chunks: {}, blob: undefined };
  }
}

function useCache(cache) {
  if (!record && !cache.blob) return;
  const compile = Module.prototype._compile;
  const compiled = new Map();
  Module.prototype._compile = function (content, filename) {
    const name = basename(filename);
    const at = cache.chunks[name];
    // A chunk that imports a file named at run time (a scripted agent) needs node's own loader.
    if (dirname(filename) !== __dirname || (!at && !record) || content.includes('import('))
      return compile.call(this, content, filename);
    const cachedData = at && cache.blob ? cache.blob.subarray(at[0], at[0] + at[1]) : undefined;
    // A shebang line is a comment to node's own loader, and stays one here (same length).
    const source = content.startsWith('#!') ? `//${content.slice(2)}` : content;
    const script = new vm.Script(Module.wrap(source), {
      filename,
      cachedData,
      importModuleDynamically: loader,
    });
    if (record) compiled.set(name, script);
    const require = (id) => this.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, this, false, options);
    require.cache = Module._cache;
    require.main = process.mainModule;
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, require, this, filename, __dirname);
  };
  if (record) process.on('exit', () => writeCache(cache, compiled));
}

// Each chunk's cache as it is at the end of this run (with the functions this run compiled), and
// the others' as they were.
function writeCache(cache, compiled) {
  const parts = [];
  const chunks = {};
  let offset = 0;
  const add = (name, bytes) => {
    chunks[name] = [offset, bytes.length];
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const [name, at] of Object.entries(cache.chunks))
    if (!compiled.has(name) && cache.blob) add(name, cache.blob.subarray(at[0], at[0] + at[1]));
  for (const [name, script] of compiled) add(name, script.createCachedData());
  writeFileSync(BLOB, Buffer.concat(parts));
  writeFileSync(INDEX, `${JSON.stringify({ node: process.version, arch: process.arch, chunks })}\n`);
}
