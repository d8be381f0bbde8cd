/** Other commands never load the MCP SDK: `baton --help` and `baton validate` start as before. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, DRAFT, Scratch } from '../e2e/_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

// Preloaded into the binary: prints each module request that names the SDK or Express.
const HOOK = `const M = require('node:module');
const load = M._load;
M._load = function (request, ...rest) {
  if (/@modelcontextprotocol|^express$/.test(request)) process.stderr.write('LOADED ' + request + '\\n');
  return load.call(this, request, ...rest);
};`;

function loads(args: string[], cwd: string, input = ''): string[] {
  const hook = join(scratch.plain(), 'hook.cjs');
  writeFileSync(hook, HOOK);
  const r = spawnSync(process.execPath, ['-r', hook, BIN, ...args], {
    cwd,
    env: cleanEnv(),
    input,
    encoding: 'utf8',
  });
  return r.stderr.split('\n').filter((l) => l.startsWith('LOADED '));
}

describe('the MCP SDK is loaded only by baton mcp', () => {
  it('is not loaded by --help, mcp --help, write or validate', () => {
    const repo = scratch.repo();
    expect(loads(['--help'], repo.dir)).toEqual([]);
    expect(loads(['mcp', '--help'], repo.dir)).toEqual([]);
    expect(loads(['write'], repo.dir, DRAFT)).toEqual([]);
    expect(loads(['validate'], repo.dir)).toEqual([]);
  });

  it('is loaded by baton mcp (and Express only with --http)', () => {
    const repo = scratch.repo();
    const stdio = loads(['mcp'], repo.dir);
    expect(stdio.some((l) => l.includes('@modelcontextprotocol/sdk/server/mcp'))).toBe(true);
    expect(stdio.some((l) => l.endsWith('express'))).toBe(false);
  });
});
