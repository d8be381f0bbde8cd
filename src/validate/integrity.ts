/** Checks that do not need git: the content hash (UNTRUSTED) and expiry (STALE). */
import type { ParseResult } from '../formats/types.js';
import { type Finding, finding } from '../handoff/finding.js';
import { rfc3339ToMillis } from '../handoff/values.js';

/** UNTRUSTED when `content_hash` is present and does not match the body bytes. */
export async function checkContentHash(parse: ParseResult, bytes: Uint8Array): Promise<Finding[]> {
  const expected = parse.handoff.content_hash;
  if (!expected || parse.bodyOffset === undefined || parse.format === 'json') return [];
  // Loaded here so that artifacts without a hash never load node:crypto.
  const { contentHash } = await import('../handoff/hash.js');
  const actual = contentHash(bytes.subarray(parse.bodyOffset));
  if (actual === expected) return [];
  return [
    finding(
      'UNTRUSTED',
      'content-hash',
      'content_hash does not match the body: it changed after it was written',
      {
        field: 'content_hash',
        saved: expected,
        current: actual,
        line: parse.fieldLines?.content_hash,
      },
    ),
  ];
}

/** STALE when `expires_at` has passed. */
export function checkExpiry(parse: ParseResult, now: Date): Finding[] {
  const expires = parse.handoff.expires_at;
  if (!expires) return [];
  const at = rfc3339ToMillis(expires);
  if (!Number.isFinite(at) || at > now.getTime()) return [];
  return [
    finding('STALE', 'expired', 'the handoff has expired: whatever git says, re-verify before use', {
      field: 'expires_at',
      saved: expires,
      current: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      line: parse.fieldLines?.expires_at,
    }),
  ];
}
