/**
 * Content codings (RFC 9110 §12.5.3): which one a request accepts, and the bytes in it. Static
 * assets are compressed once, at the smallest size (brotli 11, gzip 9); API bodies each time, at
 * a speed a request can afford (gzip 6).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The codings the viewer sends. */
export type Coding = 'br' | 'gzip';

/**
 * The coding to send for the `Accept-Encoding` header `header`, among `offered` (best first):
 * the one with the highest weight, the earlier one of equal weight; undefined to send the bytes as
 * they are (no header, nothing offered accepted, or `q=0` for all of them).
 */
export function chooseCoding(
  header: string | string[] | undefined,
  offered: readonly Coding[],
): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Coding | undefined;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** `bytes` in `coding`, compressed as hard as it goes (for what is sent many times). */
export function compressOnce(bytes: Buffer, coding: Coding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipSync(bytes, { level: 9 });
}

/** `bytes` in gzip, quickly (an API answer, made for one request). */
export function compressNow(bytes: Buffer): Buffer {
  return gzipSync(bytes, { level: 6 });
}
