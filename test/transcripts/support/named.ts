/**
 * The paths a Summary's list names, read back whole: the list after `label` (up to its closing
 * period), with the files written under their folder ("in `app/`: `a.py`, `b.py`") joined to it.
 */
export function pathsListed(summary: string | undefined, label: string): string[] {
  const at = summary?.indexOf(label) ?? -1;
  if (summary === undefined || at < 0) return [];
  const rest = summary.slice(at + label.length);
  const list = rest.slice(0, rest.search(/`\.(?:\s|$)/) + 2);
  const out: string[] = [];
  for (const part of list.split('; ')) {
    const group = /^\s*in `([^`]+\/)`: (.*)$/.exec(part);
    const names = [...(group?.[2] ?? part).matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    out.push(...names.map((n) => `${group?.[1] ?? ''}${n}`));
  }
  return out;
}

/** The files the Summary names as next, in order. */
export const namedNext = (summary: string | undefined) =>
  pathsListed(summary, 'Named near the end and not yet changed:');
