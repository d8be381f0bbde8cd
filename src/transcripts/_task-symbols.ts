/**
 * The files an open task of the host's list names by a symbol, not a path: `更新 SkillLoader
 * 解析新字段` is about `services/agent/skill_loader.py`, `Add the UserCard component` about
 * `components/UserCard.tsx`, `wire up fetchOrders` about `fetch-orders.ts`. A symbol names the
 * known file whose base name is the symbol written in the language's own case: as it is,
 * snake_case, kebab-case, or all in one word.
 */
import { moduleName } from './_test-files.js';

// A symbol of two words or more in PascalCase or camelCase (`SkillLoader`, `fetchOrders`), also
// between Chinese or Japanese words with no space (`创建SkillCard组件`); one word (`Phase`,
// `Update`) is a word of the sentence, not a symbol.
// Or snake_case (`subscription_client`, a Python module named without its `.py`), not as part of
// a path or a file name (`app/subscription_client.py` is read as a path).
const SYMBOL =
  /(?<![A-Za-z0-9_])(?:[A-Z][a-z0-9]+|[a-z][a-z0-9]*)(?:[A-Z][a-z0-9]+)+(?![A-Za-z0-9_])|(?<![A-Za-z0-9_./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![A-Za-z0-9_]|\.\w|\/)/g;
// A symbol that names more files than this names a kind of file, not one.
const MOST_FILES = 2;

/** The ways a file's base name may write `symbol` (lower case): `skillloader`, `skill_loader`, `skill-loader`. */
function spellings(symbol: string): string[] {
  const words = symbol.split(/_|(?=[A-Z])/).map((w) => w.toLowerCase());
  return [words.join(''), words.join('_'), words.join('-')];
}

/**
 * For each open task (pending or under way), the known paths (`known`: the files the log names)
 * a symbol in its title names, at most `MOST_FILES` a symbol; each with the number of symbols the
 * task names, so that the caller can weigh a task that names many less for each.
 */
export function pathsOfTaskSymbols(
  tasks: { text: string; status: string }[],
  known: Iterable<string>,
): { path: string; among: number }[] {
  const named = tasks
    .filter((t) => t.status !== 'completed')
    .map((t) => [...new Set(t.text.match(SYMBOL) ?? [])])
    .filter((symbols) => symbols.length > 0);
  // (Compiled at each level of detail: the known paths are indexed only when a task names a symbol.)
  if (named.length === 0) return [];
  const byBase = new Map<string, string[]>();
  for (const path of known) {
    const base = moduleName(path);
    byBase.set(base, [...(byBase.get(base) ?? []), path]);
  }
  const out: { path: string; among: number }[] = [];
  for (const symbols of named) {
    for (const symbol of symbols) {
      const paths = [...new Set(spellings(symbol).flatMap((s) => byBase.get(s) ?? []))];
      if (paths.length === 0 || paths.length > MOST_FILES) continue;
      for (const path of paths) out.push({ path, among: symbols.length });
    }
  }
  return out;
}
