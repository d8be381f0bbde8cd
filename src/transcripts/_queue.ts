/**
 * A search the agent works through: the files a `grep -rn <pattern>` (or a listing by a name's
 * pattern: `find -name`, the host's glob tool) listed, several of which it then changed one after
 * another. The ones it has not changed yet are most often what it changes next, however long ago
 * the search ran.
 */
import { commandParts, insideSpacedRoot, pathsIn } from './_mentions.js';
import { isAbsolutePath, relativePath } from './_paths.js';
import type { SessionRecord } from './types.js';

// A search for a pattern, as one part of a command line (after a `cd`, before a filter).
const SEARCH = /^(?:rg|grep|egrep|ag|ack|git\s+grep)\s/;
// A `find` that keeps the files whose names match a pattern: `-name`, `-iname` or `-regex` not
// negated (`-not -path './node_modules/*'` keeps every other file: a listing of the whole tree).
const FIND = /^find\s/;
const NAMED_IN_FIND = /\s-i?(?:name|regex)\s/;
const NEGATED_IN_FIND = /\s(?:-not|!)\s+-i?(?:name|path|regex)\s+\S+/g;
const KEPT = 5;

/** Whether a shell command searches files for a pattern or lists them by one. */
export function isSearch(command: string): boolean {
  return commandParts(command).some(
    (p) => SEARCH.test(p) || (FIND.test(p) && NAMED_IN_FIND.test(p.replace(NEGATED_IN_FIND, ' '))),
  );
}

/** Whether a glob's last part is a name pattern (`*.tsx`, `*Controller*`), not every name (`*`). */
export function namesAPattern(glob: string | undefined): boolean {
  const last = glob?.split('/').pop() ?? '';
  return /[^*?]/.test(last.replace(/\{[^}]*\}/g, 'x'));
}

/**
 * Notes the files a search for a pattern listed (a command's or the host's search tool), in order:
 * `found` when the output's paths were read already (`notePaths`), else read here.
 */
export function noteSearch(s: SessionRecord, output: string, found?: string[]): void {
  const paths = found ?? pathsIn(insideSpacedRoot(s, output));
  if (paths.length < 3) return;
  s.searches = [...(s.searches ?? []), { step: s.steps, paths }].slice(-KEPT);
}

/** What is left of the latest search the agent was working through, if any. */
export interface SearchQueue {
  /** The files it listed that have not changed since, in its order. */
  left: string[];
  listed: number;
  changed: number;
}

/**
 * The latest search whose files the agent went on to change (five or more, and a quarter of what
 * it listed at least: a list worked through, not a look around), with what is left of it: the files it listed, inside the repository, that
 * changed neither since nor are named already (`named`).
 */
export function searchQueue(
  s: SessionRecord,
  root: string | undefined,
  stepOf: (path: string) => number,
  named: Set<string>,
): SearchQueue | undefined {
  for (const search of [...(s.searches ?? [])].reverse()) {
    const listed = [...new Set(search.paths.map((p) => relativePath(p, root)))].filter(
      (p) => !isAbsolutePath(p),
    );
    const changed = listed.filter((p) => stepOf(p) > search.step);
    if (changed.length < 5 || changed.length * 4 < listed.length) continue;
    const left = listed.filter((p) => !changed.includes(p) && !named.has(p));
    return left.length > 0 ? { left, listed: listed.length, changed: changed.length } : undefined;
  }
  return undefined;
}
