/** Content hashes: `sha256:<hex>` of the bytes after the front matter. */
import { createRequire } from 'node:module';
import { sha256Hex } from './sha256.js';

// The first hashes of a process in JavaScript (a command hashes one or two handoffs, and loading
// node:crypto would cost more than that); after these, node:crypto's, which is several times
// faster on long texts, loaded once.
const FIRST_IN_JS = 4;
let hashed = 0;
let native: typeof import('node:crypto') | undefined;

/** `sha256:<hex>` of the given bytes or UTF-8 text. */
export function contentHash(body: Uint8Array | string): string {
  if (hashed++ < FIRST_IN_JS) {
    return `sha256:${sha256Hex(typeof body === 'string' ? Buffer.from(body) : body)}`;
  }
  native ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return `sha256:${native.createHash('sha256').update(body).digest('hex')}`;
}
