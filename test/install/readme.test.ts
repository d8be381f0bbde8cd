/**
 * What the README and the docs tell a new user to type: the package name they install, the npm
 * scripts they run, and what `npm ci` needs where better-sqlite3 has to be compiled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../hosts/support/hosts.js';

const read = (p: string) => readFileSync(join(REPO_ROOT, p), 'utf8');
const PKG = JSON.parse(read('package.json')) as { name: string; scripts: Record<string, string> };
const DOCS = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const SHIPPED = [
  'plugins/baton/hooks/hooks.json',
  'plugins/baton/.claude-plugin/plugin.json',
  'src/hosts/hook-commands.ts',
];

describe('the package name users are told to install', () => {
  it('is the package name everywhere: README, docs, the plugin and the hooks', () => {
    const told: string[] = [];
    for (const file of [...DOCS, ...SHIPPED]) {
      const text = read(file);
      for (const m of text.matchAll(/npm (?:i|install) -g ([\w@/.-]+)/g)) told.push(`${file}: ${m[1]}`);
      for (const m of text.matchAll(/npm root -g\)\/([\w@/.-]+?)["/]/g)) told.push(`${file}: ${m[1]}`);
    }
    expect(told.length).toBeGreaterThan(5);
    expect(told.filter((t) => !t.endsWith(`: ${PKG.name}`) && !t.endsWith(`: ${PKG.name}\\`))).toEqual([]);
    for (const file of ['README.md', 'docs/hosts.md', 'plugins/baton/hooks/hooks.json'])
      expect(read(file), file).toContain(`npm i -g ${PKG.name}`);
  });
});

describe('the npm scripts the docs name', () => {
  it('all exist, and the README says when to use npm test and when test:unit', () => {
    const missing: string[] = [];
    for (const file of DOCS) {
      for (const m of read(file).matchAll(/npm run ([\w:-]+)/g)) {
        if (!((m[1] as string) in PKG.scripts)) missing.push(`${file}: npm run ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
    const readme = read('README.md');
    expect(readme).toMatch(/^npm test +# .*build, type-check, lint/m);
    expect(readme).toMatch(/^npm run test:unit +# .*without build, type-check or lint/m);
    expect(PKG.scripts['test:unit']).toBe('vitest run');
  });

  it('says what npm ci needs when better-sqlite3 compiles from source, and about how long', () => {
    const readme = read('README.md').replace(/\s+/g, ' ');
    expect(readme).toMatch(/compiles it from source, which needs a C\+\+ toolchain, Python 3 and make/);
    expect(readme).toMatch(/takes about \d+ minutes/);
  });
});
