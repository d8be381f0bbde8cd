/**
 * What is at the SQLite store path decides what happens: nothing (a new store, or an empty one for
 * readers), a baton store, or something else, which is refused by name and never written to.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BatonError, isBatonError } from '../../src/errors.js';
import { openStore } from '../../src/store/open.js';
import { handoffInput, idOf } from './_handoffs.js';

let dir: string;
let path: string;
let url: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'baton-store-files-')));
  path = join(dir, 'baton.db');
  url = `sqlite:${path}`;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>): Promise<BatonError> {
  try {
    await promise;
  } catch (error) {
    if (isBatonError(error)) return error;
    throw error;
  }
  throw new Error('expected the store to be refused');
}

async function storeWith(n: number): Promise<void> {
  const store = await openStore({ url });
  await store.putHandoffs(
    Array.from({ length: n }, (_, i) => handoffInput({ id: idOf(i), body: 'words '.repeat(300) })),
  );
  await store.close();
}

describe('the SQLite store file', () => {
  it('is created (with its folder) on first write, and missing is simply empty for a reader', async () => {
    const reader = await openStore({ url, create: false });
    expect(await reader.listHandoffs()).toEqual([]);
    expect(await reader.listRuns()).toEqual([]);
    await reader.close();
    expect(existsSync(path)).toBe(false);
    const nested = join(dir, 'a', 'b', 'baton.db');
    const writer = await openStore({ url: `sqlite:${nested}` });
    await writer.putHandoff(handoffInput({ id: idOf(1) }));
    await writer.close();
    expect(existsSync(nested)).toBe(true);
  });

  it('a damaged page: a clear error naming the file, and the file is not written', async () => {
    await storeWith(40);
    const bytes = readFileSync(path);
    for (const [from, to] of [
      [100, 4096], // the schema page, after the header
      [4096, 8192], // the first table page
    ] as const) {
      const damaged = Buffer.from(bytes);
      for (let i = from; i < to; i++) damaged[i] = (i * 7919) & 255;
      writeFileSync(path, damaged);
      const error = await refusal(openStore({ url }));
      expect(error.code).toBe('STORE_CORRUPT');
      expect(error.message).toBe(
        `${path} is not a usable baton store: database disk image is malformed; it was left as it is`,
      );
      expect(readFileSync(path).equals(damaged)).toBe(true);
    }
  });

  it('a SQLite database of something else is refused, not added to', async () => {
    const other = new Database(path);
    other.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')");
    other.close();
    const before = readFileSync(path);
    const error = await refusal(openStore({ url }));
    expect(error.code).toBe('STORE_CORRUPT');
    expect(error.message).toBe(
      `${path} is a SQLite database but not a baton store (it has other tables); it was left as it is`,
    );
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(['baton.db']);
  });

  it('a folder at the store path is refused by name', async () => {
    mkdirSync(path);
    const error = await refusal(openStore({ url }));
    expect(error.code).toBe('STORE_UNAVAILABLE');
    expect(error.message).toBe(`the store path ${path} is a folder, not a database file`);
  });
});
