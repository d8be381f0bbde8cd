/**
 * The JavaScript SHA-256 of the first content hashes (issue 23: no node:crypto at start-up) gives
 * node:crypto's digest for every length around the block boundaries, for random bytes, for text
 * with multi-byte characters, and for a few megabytes; contentHash is the same either way.
 */
import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src/handoff/hash.js';
import { sha256Hex } from '../../src/handoff/sha256.js';

const native = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('sha256Hex', () => {
  it("is node:crypto's digest for every length from 0 to 300 bytes, and a few large ones", () => {
    for (let n = 0; n <= 300; n++) {
      const b = randomBytes(n);
      expect(sha256Hex(b), `${n} bytes`).toBe(native(b));
    }
    for (const n of [4095, 4096, 65_537, 3 * 1024 * 1024 + 7]) {
      const b = randomBytes(n);
      expect(sha256Hex(b), `${n} bytes`).toBe(native(b));
    }
    expect(sha256Hex(new Uint8Array(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('agrees with node:crypto on arbitrary bytes and text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (b) => sha256Hex(b) === native(b)),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (s) => {
        const b = Buffer.from(s);
        return sha256Hex(b) === native(b);
      }),
      { numRuns: 300 },
    );
  });
});

describe('contentHash', () => {
  it('is the same in JavaScript (first calls) and with node:crypto (later ones)', () => {
    const text = 'Grüße — 漢字 🎉\n'.repeat(50);
    const first = Array.from({ length: 10 }, () => contentHash(text));
    expect(new Set(first)).toEqual(new Set([`sha256:${native(Buffer.from(text))}`]));
    expect(contentHash(Buffer.from(text))).toBe(first[0]);
  });
});
