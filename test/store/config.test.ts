/** Which store is opened: BATON_STORE, else .baton/config.json, else .baton/baton.db at the repository root. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBatonError } from '../../src/errors.js';
import { resolveStoreLocation } from '../../src/store/config.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

function repo(): TempRepo {
  const r = createTempRepo();
  repos.push(r);
  mkdirSync(join(r.dir, 'src', 'deep'), { recursive: true });
  return r;
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isBatonError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('expected a baton error');
}

describe('resolveStoreLocation', () => {
  it('defaults to .baton/baton.db at the repository root, from any folder in it', () => {
    const r = repo();
    const expected = {
      backend: 'sqlite',
      path: join(r.dir, '.baton/baton.db'),
      display: join(r.dir, '.baton/baton.db'),
    };
    expect(resolveStoreLocation({ cwd: r.dir, env: {} })).toEqual(expected);
    expect(resolveStoreLocation({ cwd: join(r.dir, 'src', 'deep'), env: {} })).toEqual(expected);
  });

  it('reads sqlite: URLs: empty, relative to the root, absolute, ~', () => {
    const r = repo();
    const at = (value: string) =>
      resolveStoreLocation({ cwd: join(r.dir, 'src'), env: { BATON_STORE: value } });
    expect(at('sqlite:')).toMatchObject({ path: join(r.dir, '.baton/baton.db') });
    expect(at('sqlite:store/x.db')).toMatchObject({ path: join(r.dir, 'store/x.db') });
    expect(at('sqlite:/var/tmp/x.db')).toMatchObject({ path: '/var/tmp/x.db' });
    expect(at('sqlite:///var/tmp/x.db')).toMatchObject({ path: '/var/tmp/x.db' });
    expect(at('sqlite:~/x.db')).toMatchObject({ path: join(homedir(), 'x.db') });
  });

  it('reads postgres URLs and never shows their password', () => {
    const r = repo();
    const url = 'postgresql://team:pa55@db.internal:5433/baton?sslmode=require';
    expect(resolveStoreLocation({ cwd: r.dir, env: { BATON_STORE: url } })).toEqual({
      backend: 'postgres',
      url,
      display: 'postgresql://team@db.internal:5433/baton?sslmode=require',
    });
  });

  it('BATON_STORE wins over .baton/config.json, which wins over the default', () => {
    const r = repo();
    r.write('.baton/config.json', JSON.stringify({ store: 'sqlite:team.db', other: 1 }));
    expect(resolveStoreLocation({ cwd: r.dir, env: {} })).toMatchObject({ path: join(r.dir, 'team.db') });
    expect(resolveStoreLocation({ cwd: r.dir, env: { BATON_STORE: 'sqlite:env.db' } })).toMatchObject({
      path: join(r.dir, 'env.db'),
    });
    expect(resolveStoreLocation({ cwd: r.dir, env: {}, url: 'sqlite:given.db' })).toMatchObject({
      path: join(r.dir, 'given.db'),
    });
    r.write('.baton/config.json', '{"runs": {}}');
    expect(resolveStoreLocation({ cwd: r.dir, env: {} })).toMatchObject({
      path: join(r.dir, '.baton/baton.db'),
    });
  });

  it('refuses what is not a store URL or a readable config, naming where it came from', () => {
    const r = repo();
    expect(codeOf(() => resolveStoreLocation({ cwd: r.dir, env: { BATON_STORE: 'mysql://x/y' } }))).toBe(
      'STORE_CONFIG: $BATON_STORE: "mysql://x/y" is not a store URL',
    );
    expect(
      codeOf(() => resolveStoreLocation({ cwd: r.dir, env: { BATON_STORE: 'postgres://a:b@[bad/x' } })),
    ).toBe('STORE_CONFIG: $BATON_STORE: (a postgres URL that cannot be parsed) is not a store URL');
    const config = join(r.dir, '.baton/config.json');
    r.write('.baton/config.json', '{"store": ');
    expect(codeOf(() => resolveStoreLocation({ cwd: r.dir, env: {} }))).toMatch(
      new RegExp(`^STORE_CONFIG: ${config} is not valid JSON: `),
    );
    writeFileSync(config, '{"store": 42}');
    expect(codeOf(() => resolveStoreLocation({ cwd: r.dir, env: {} }))).toBe(
      `STORE_CONFIG: "store" in ${config} must be a store URL such as "sqlite:"`,
    );
    writeFileSync(config, '{"store": "ftp://x"}');
    expect(codeOf(() => resolveStoreLocation({ cwd: r.dir, env: {} }))).toBe(
      `STORE_CONFIG: ${config}: "ftp://x" is not a store URL`,
    );
  });
});
