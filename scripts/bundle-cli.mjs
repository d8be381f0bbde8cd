// Bundles the CLI (after `tsc`) into CommonJS chunks under dist/bin/. Start-up is most of what a
// `baton validate` costs: loading one small CommonJS entry with synchronous requires takes about
// a third of the time the ESM loader needs for the same modules one file at a time. Commands and
// codecs stay in separate chunks, loaded only when used; zod, yaml, fast-xml-parser and
// gpt-tokenizer stay external, and so do the store's drivers (better-sqlite3 is a native addon;
// pg is loaded only for a postgres:// store). The MCP SDK (and the Express it brings for --http)
// stays external too: `baton mcp` loads it from node_modules, and no other command loads it. The A2A SDK and express
// likewise: only `baton serve a2a`, `baton send` and a2a endpoints load them.
import { rmSync } from 'node:fs';
import { rolldown } from 'rolldown';

const out = new URL('../dist/bin/', import.meta.url).pathname;
rmSync(out, { recursive: true, force: true });
const bundle = await rolldown({
  input: { baton: new URL('../dist/cli/index.js', import.meta.url).pathname },
  platform: 'node',
  external: [
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
  ],
  logLevel: 'silent',
});
await bundle.write({
  dir: out,
  format: 'cjs',
  entryFileNames: '[name].cjs',
  chunkFileNames: '[name]-[hash].cjs',
});
await bundle.close();
