/**
 * A list of paths as the Summary writes it: the files of one folder under that folder once
 * ("in `backend/src/auth/`: `login.py`, `register.py`"), the others whole; each folder where its
 * first file comes in the order given, so a later file of a folder named earlier moves up to it. A
 * long list of files from a few folders then costs about half the words, and every name still
 * says where it is.
 */
import { codeSpan } from '../formats/text.js';

/** The folder of a path (with its last `/` or `\`), or undefined for a bare name. */
function folderOf(path: string): string | undefined {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return at > 0 ? path.slice(0, at + 1) : undefined;
}

/** `paths` grouped by folder where a folder holds two or more of them, in order of first appearance. */
export function pathList(paths: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const p of paths) {
    const key = folderOf(p) ?? p;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const parts = [...groups].map(([folder, ps]) =>
    ps.length > 1
      ? `in ${codeSpan(folder)}: ${ps.map((p) => codeSpan(p.slice(folder.length))).join(', ')}`
      : codeSpan(ps[0] as string),
  );
  return parts.join(parts.length < paths.length ? '; ' : ', ');
}

// A root, a drive or a home folder: what every file of a person's shares, no project's.
const SHALLOW =
  /^(?:~?[/\\]|[A-Za-z]:[/\\]|[/\\](?:root|Users|home)[/\\](?:[^/\\]+[/\\])?|[A-Za-z]:[/\\]Users[/\\](?:[^/\\]+[/\\])?)$/i;

/**
 * The folder most of `paths` share (another repository the work went into; never a root, a drive
 * or a home folder): the one whose prefix, left off all but one of the paths under it, saves the
 * most characters, among those holding at least three. Undefined when none does.
 */
export function sharedBase(paths: readonly string[]): string | undefined {
  const under = new Map<string, number>();
  for (const p of paths) {
    for (const m of p.matchAll(/[/\\]/g)) {
      const folder = p.slice(0, (m.index as number) + 1);
      under.set(folder, (under.get(folder) ?? 0) + 1);
    }
  }
  let best: string | undefined;
  let saved = 0;
  for (const [folder, n] of under) {
    if (SHALLOW.test(folder)) continue;
    const gain = (n - 1) * folder.length;
    if (n >= 3 && gain > saved) [best, saved] = [folder, gain];
  }
  return best;
}
