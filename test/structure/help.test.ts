import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { BIN } from '../e2e/_helpers.js';

// Records every file of dist/bin/ that the process loads.
function loadedChunks(args: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'baton-help-'));
  const log = join(dir, 'loaded.txt');
  const hook = join(dir, 'hook.cjs');
  writeFileSync(
    hook,
    `const Module = require('node:module');
const fs = require('node:fs');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const resolved = Module._resolveFilename(request, parent, isMain);
  if (resolved.includes('/dist/bin/')) fs.appendFileSync(${JSON.stringify(log)}, resolved + '\\n');
  return load.apply(this, arguments);
};\n`,
  );
  execFileSync(process.execPath, ['-r', hook, BIN, ...args], { encoding: 'utf8' });
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((f) => basename(f).replace(/-[\w-]{8}\.cjs$/, ''));
}

describe('baton --help', () => {
  it('lists every command from the table without loading any command module', () => {
    const names = Object.keys(COMMANDS);
    const loaded = loadedChunks(['--help']);
    expect(loaded.filter((chunk) => names.includes(chunk))).toEqual([]);
    const validate = loadedChunks(['validate', '--help']);
    expect(validate).toContain('validate');
  });
});
