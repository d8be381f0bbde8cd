/** Reads a JSONL file line by line without holding it whole: one parsed record per line. */
import { createReadStream } from 'node:fs';

/** A JSON object from one line, or `undefined` for a line that is not one (blank lines are skipped). */
export type JsonRecord = Record<string, unknown>;

/** Streams the records of a JSONL file; a line that is not a JSON object yields `undefined`. */
export async function* readJsonLines(path: string): AsyncGenerator<JsonRecord | undefined> {
  let first = true;
  for await (const raw of lines(path)) {
    const line = first && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    first = false;
    if (line.trim() === '') continue;
    yield parseRecord(line);
  }
}

const NL = 0x0a;

/**
 * The lines of a file (`\n` or `\r\n`), split on the bytes and decoded one line at a time: half
 * the time of `readline`, which decodes every chunk and splits it again with a regular expression.
 * A line longer than a chunk is kept in pieces until its end, so memory follows the longest line.
 */
async function* lines(path: string): AsyncGenerator<string> {
  let pieces: Buffer[] = [];
  const text = (buffer: Buffer, start: number, end: number) =>
    buffer.toString('utf8', start, end > start && buffer[end - 1] === 0x0d ? end - 1 : end);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(NL); nl >= 0; nl = chunk.indexOf(NL, start)) {
      if (pieces.length > 0) {
        const whole = Buffer.concat([...pieces, chunk.subarray(start, nl)]);
        pieces = [];
        yield text(whole, 0, whole.length);
      } else yield text(chunk, start, nl);
      start = nl + 1;
    }
    if (start < chunk.length) pieces.push(chunk.subarray(start));
  }
  if (pieces.length > 0) {
    const whole = Buffer.concat(pieces);
    yield text(whole, 0, whole.length);
  }
}

/** Parses one line as a JSON object; anything else is `undefined`. */
export function parseRecord(line: string): JsonRecord | undefined {
  const start = line.trimStart();
  if (!start.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(start);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as JsonRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `value[key]` when `value` is an object. */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** `value` when it is a string. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
