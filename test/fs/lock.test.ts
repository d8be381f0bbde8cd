/** The cross-process lock the safe replace holds (issue 11 item 5): who waits, who takes over. */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockPathOf, withFileLock } from '../../src/fs/lock.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
function target(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'baton-lock-')));
  made.push(d);
  return join(d, 'handoff.md');
}

describe('withFileLock', () => {
  it('holds the lock file while fn runs, with this pid, and removes it after, also on a throw', async () => {
    const path = target();
    await withFileLock(path, async () => {
      expect(readFileSync(lockPathOf(path), 'utf8').split(' ')[0]).toBe(String(process.pid));
    });
    expect(existsSync(lockPathOf(path))).toBe(false);
    await expect(
      withFileLock(path, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(lockPathOf(path))).toBe(false);
  });

  it('waits for a live holder in another process and says who after the timeout', async () => {
    const path = target();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(lockPathOf(path), `${holder.pid} ${hostname()} 1-live\n`);
      await expect(withFileLock(path, async () => 1, { timeoutMs: 300 })).rejects.toThrow(
        new RegExp(`being written by another process \\(pid ${holder.pid}\\)`),
      );
      // The live holder's lock is never removed by a waiter.
      expect(readFileSync(lockPathOf(path), 'utf8')).toContain('1-live');
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock whose owner never wrote its pid, once it is a few seconds old', async () => {
    const path = target();
    writeFileSync(lockPathOf(path), '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPathOf(path), old, old);
    expect(await withFileLock(path, async () => 'mine', { timeoutMs: 2_000 })).toBe('mine');
  });

  it('serialises holders in one process: no two run fn at once', async () => {
    const path = target();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withFileLock(path, async () => {
          most = Math.max(most, ++inside);
          await new Promise((r) => setTimeout(r, 5));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});
