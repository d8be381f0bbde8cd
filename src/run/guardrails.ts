/**
 * The guardrails on a handoff (seed 004): every remaining sub-spec says how it is verified, and
 * remaining work stays inside the task's files in scope — scope may only shrink.
 */
import { isAbsolute, join, posix } from 'node:path';
import { checkConfined, relativeInside, resolveLinks } from '../fs/index.js';
import { globCovers, isGlob } from '../glob/index.js';
import type { SubSpec } from '../handoff/types.js';
import type { PlanTask } from '../plan/types.js';
import { pathsIn } from '../resume/claims.js';

/** The titles of remaining sub-specs with no `Verify by` command. */
export function vagueSubSpecs(remaining: readonly SubSpec[]): string[] {
  return remaining.filter((s) => s.verify_by.length === 0).map((s) => s.title);
}

/**
 * Paths named by the remaining work (files in scope, and paths in titles, goals and notes) that
 * fall outside the task's files in scope, after `..` and symlinks are resolved. A task without
 * files in scope is not restricted.
 */
export function scopeViolations(remaining: readonly SubSpec[], task: PlanTask, root: string): string[] {
  if (task.filesInScope.length === 0) return [];
  const scope = task.filesInScope.map((g) => clean(g));
  const outside = new Set<string>();
  for (const spec of remaining) {
    const named = [
      ...spec.files_in_scope,
      ...pathsIn([spec.title, spec.goal ?? '', spec.notes ?? ''].join(' ')),
    ];
    for (const path of named) {
      const resolved = resolveInRoot(path, root);
      if (resolved === undefined || !covered(resolved, scope)) outside.add(path);
    }
  }
  return [...outside];
}

/** True when two Remaining lists name the same work (a continuation that went nowhere). */
export function sameRemaining(a: readonly SubSpec[], b: readonly SubSpec[]): boolean {
  const key = (s: readonly SubSpec[]) =>
    JSON.stringify(
      s.map((x) => [x.title, x.goal ?? '', [...x.files_in_scope].sort(), [...x.verify_by].sort()]),
    );
  return key(a) === key(b);
}

function clean(path: string): string {
  return posix.normalize(path.replace(/\\/g, '/').replace(/^\.\//, ''));
}

// The path relative to the root with `..` and symlinks resolved (the one rule of fs/), or
// undefined when it leaves the root or lands in `.git/`. Symlinks are followed up to the first
// glob part; what follows it is kept as written.
function resolveInRoot(path: string, root: string): string | undefined {
  const parts = path.replace(/\\/g, '/').split('/');
  const glob = parts.findIndex((part) => isGlob(part));
  const fixed = (glob < 0 ? parts : parts.slice(0, glob)).join('/');
  const rest = glob < 0 ? [] : parts.slice(glob);
  const full = isAbsolute(fixed) ? fixed : `${root}/${fixed}`;
  const checked = checkConfined(root, full);
  if (checked.refused) return undefined;
  const rel = relativeInside(resolveLinks(root), checked.real) as string;
  const out = clean([rel, ...rest].filter((x) => x !== '').join('/')) || '.';
  // A `..` after a glob part may still climb out, as written.
  return relativeInside(root, join(root, out)) === undefined ? undefined : out;
}

// A concrete path is covered when a scope glob matches it; a glob only when a scope glob holds
// everything it can match (`src/**` holds `src/a/*.ts`), or when the two are the same.
function covered(path: string, scope: readonly string[]): boolean {
  return scope.some((g) => globCovers(g, path));
}
