/** Content hashes: `sha256:<hex>` of the bytes after the front matter. */
import { createHash } from 'node:crypto';

/** `sha256:<hex>` of the given bytes or UTF-8 text. */
export function contentHash(body: Uint8Array | string): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}
