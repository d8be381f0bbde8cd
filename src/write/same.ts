/**
 * Whether a new handoff says what the one it would replace says: the same text but for what
 * every write stamps anew (id, time, parent, content hash). Provenance counts: a handoff written
 * after the repository moved is a new one.
 */
const STAMPS = /^(?:id|created_at|generated_at|parent|content_hash):/;

/** True when `a` and `b` differ only in their front matter's id, time, parent and content hash. */
export function sameButStamps(a: string, b: string): boolean {
  return withoutStamps(a) === withoutStamps(b);
}

function withoutStamps(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0] !== '---') return text;
  const end = lines.indexOf('---', 1);
  if (end < 0) return text;
  return [...lines.slice(0, end).filter((l) => !STAMPS.test(l)), ...lines.slice(end)].join('\n');
}
