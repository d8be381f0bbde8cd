/**
 * `pg` is an optional peer dependency (issue 13 item 7): an install without it runs every SQLite
 * store command, and a postgres:// store says in one line which package to install. The built
 * CLI is copied beside a node_modules that has every dependency but pg.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, hasStackTrace } from '../e2e/_helpers.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
let install: string;

beforeAll(() => {
  install = realpathSync(mkdtempSync(join(tmpdir(), 'baton-no-pg-')));
  cpSync(join(ROOT, 'dist'), join(install, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(install, 'package.json'));
  mkdirSync(join(install, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === 'pg' || name.startsWith('pg-') || name === '.bin') continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(install, 'node_modules', name));
  }
});
afterAll(() => rmSync(install, { recursive: true, force: true }));

function run(args: string[], store: string) {
  return spawnSync(process.execPath, [join(install, 'dist/bin/baton.cjs'), ...args], {
    cwd: install,
    env: cleanEnv({ BATON_STORE: store }),
    encoding: 'utf8',
  });
}

describe('without the pg package', () => {
  it('SQLite stores work as before', () => {
    const r = run(['log'], `sqlite:${join(install, 'baton.db')}`);
    expect(r.stderr).toMatch(/^baton: no archived handoffs in /);
    expect(r.status).toBe(0);
  });

  it('a postgres:// store is one line naming the package, exit 1', () => {
    const r = run(['log'], 'postgres://baton@127.0.0.1:1/baton');
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      'baton: a postgres:// store needs the npm package "pg", which is not installed',
    );
    expect(r.stderr).toMatch(/^hint: install it beside baton \(npm install pg\)/m);
  });
});
