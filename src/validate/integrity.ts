/** Checks that do not need git: the content hash (UNTRUSTED) and expiry (STALE). */
import { type Finding, finding } from '../handoff/finding.js';
import { rfc3339ToMillis } from '../handoff/values.js';

/** UNTRUSTED when `expected` (a `content_hash`) does not match the body bytes. */
export async function checkContentHash(
  expected: string | undefined,
  body: () => Uint8Array,
  line?: number,
): Promise<Finding[]> {
  if (!expected) return [];
  // Loaded here so that artifacts without a hash never load node:crypto.
  const { contentHash } = await import('../handoff/hash.js');
  const actual = contentHash(body());
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
        line,
      },
    ),
  ];
}

/** STALE when `expires` (an `expires_at`) has passed. */
export function checkExpiry(expires: string | undefined, now: Date, line?: number): Finding[] {
  if (!expires) return [];
  const at = rfc3339ToMillis(expires);
  if (!Number.isFinite(at) || at > now.getTime()) return [];
  return [
    finding('STALE', 'expired', 'the handoff has expired: whatever git says, re-verify before use', {
      field: 'expires_at',
      saved: expires,
      current: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      line,
    }),
  ];
}
