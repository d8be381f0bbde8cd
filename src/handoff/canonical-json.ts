/**
 * Canonical JSON: object keys sorted at every depth, so equal values always give equal bytes.
 * The one copy: approval signatures sign it and the store's event digests hash it, so its output
 * may never change (a change would break every signature made before).
 */

/**
 * JSON with object keys sorted at every depth. Keys whose value is undefined are left out; an
 * undefined array item is `null`. Values JSON cannot hold (functions, symbols) are written as
 * `undefined`, as approval statements always have been.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
