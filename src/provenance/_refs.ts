/** Reads refs from the files git keeps them in (loose files, `packed-refs`), without git. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The target of a symbolic ref such as `refs/remotes/origin/HEAD`, or undefined. */
export function readSymref(commonDir: string, ref: string): string | undefined {
  try {
    const m = /^ref:\s*(\S+)/.exec(readFileSync(join(commonDir, ref), 'utf8'));
    return m?.[1];
  } catch {
    return undefined;
  }
}

/**
 * True when `ref` (a full name such as `refs/heads/main`) exists as a loose or packed ref.
 * Repositories using the reftable backend cannot be read this way; they answer true and let
 * git decide.
 */
export function refExists(commonDir: string, ref: string): boolean {
  if (existsSync(join(commonDir, 'reftable'))) return true;
  if (existsSync(join(commonDir, ref))) return true;
  try {
    const packed = readFileSync(join(commonDir, 'packed-refs'), 'utf8');
    return packed.split('\n').some((line) => line.endsWith(` ${ref}`));
  } catch {
    return false;
  }
}
