/** ULIDs: 48 bits of milliseconds then 80 random bits, Crockford base32, sortable by time. */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

let lastTime = -1;
let lastRandom: number[] = [];

/** A new ULID; ids made in the same millisecond still sort in creation order. */
export function newUlid(now: number = Date.now()): string {
  let random: number[];
  if (now === lastTime) {
    random = incremented(lastRandom);
  } else {
    const bytes = randomBytes(16);
    random = Array.from({ length: 16 }, (_, i) => (bytes[i] ?? 0) & 31);
  }
  lastTime = now;
  lastRandom = random;
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time + random.map((d) => ALPHABET[d]).join('');
}

// Adds one to the 80-bit random part so ids in one millisecond stay monotonic.
function incremented(digits: number[]): number[] {
  const next = digits.slice();
  for (let i = next.length - 1; i >= 0; i--) {
    const d = (next[i] ?? 0) + 1;
    if (d < 32) {
      next[i] = d;
      return next;
    }
    next[i] = 0;
  }
  return next;
}

/** The time part of a ULID, in milliseconds since the epoch. */
export function ulidTime(id: string): number {
  let t = 0;
  for (const ch of id.slice(0, 10)) t = t * 32 + ALPHABET.indexOf(ch);
  return t;
}
