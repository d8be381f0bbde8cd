/** Reads a JSONL file line by line without holding it whole: one parsed record per line. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** A JSON object from one line, or `undefined` for a line that is not one (blank lines are skipped). */
export type JsonRecord = Record<string, unknown>;

/** Streams the records of a JSONL file; a line that is not a JSON object yields `undefined`. */
export async function* readJsonLines(path: string): AsyncGenerator<JsonRecord | undefined> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let first = true;
  for await (const raw of lines) {
    const line = first && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    first = false;
    if (line.trim() === '') continue;
    yield parseRecord(line);
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
