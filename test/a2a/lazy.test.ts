/** The A2A SDK and express are loaded by `serve a2a` and `send` only: other commands start as before. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { BIN, cleanEnv } from './_helpers.js';

function loaded(args: string[], cwd: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'baton-lazy-'));
  try {
    const log = join(dir, 'loaded.txt');
    const hook = join(dir, 'hook.cjs');
    writeFileSync(
      hook,
      `const Module = require('node:module');
const fs = require('node:fs');
const load = Module._load;
Module._load = function (request) {
  fs.appendFileSync(${JSON.stringify(log)}, request + '\\n');
  return load.apply(this, arguments);
};
process.on('exit', () => fs.appendFileSync(${JSON.stringify(log)}, ''));\n`,
    );
    try {
      execFileSync(process.execPath, ['-r', hook, BIN, ...args], { cwd, env: cleanEnv(), stdio: 'pipe' });
    } catch {}
    return readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const heavy = (mods: string[]) => mods.filter((m) => /^@a2a-js\/|^express$/.test(m));

describe('lazy loading', () => {
  it('--help, validate, serve --help and send --help load neither the SDK nor express', () => {
    const repo = createTempRepo();
    try {
      for (const args of [['--help'], ['validate', '-q'], ['serve', '--help'], ['send', '--help']]) {
        expect(heavy(loaded(args, repo.dir)), args.join(' ')).toEqual([]);
      }
      // …and a send does load the SDK's client (so the check above can fail).
      expect(
        heavy(
          loaded(
            ['send', 'README.md', '--to', 'http://127.0.0.1:9/', '--ack-timeout', '1s', '--no-store'],
            repo.dir,
          ),
        ),
      ).toContain('@a2a-js/sdk/client');
    } finally {
      repo.cleanup();
    }
  });
});
