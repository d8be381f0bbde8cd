/**
 * The guardrails on a handoff (seed 004): every remaining sub-spec says how it is verified, and
 * remaining work stays inside the task's files in scope — scope may only shrink.
 */
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, posix, relative, sep } from 'node:path';
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

// The path relative to the root with `..` and symlinks resolved, or undefined when it leaves the root.
function resolveInRoot(path: string, root: string): string | undefined {
  let p = path.replace(/\\/g, '/');
  if (isAbsolute(p)) {
    const rel = relative(root, p);
    if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
    p = rel;
  }
  p = clean(p);
  if (p === '..' || p.startsWith('../')) return undefined;
  // Follow symlinks through the longest prefix that exists (globs stop the walk).
  const parts = p.split('/');
  const fixed: string[] = [];
  for (const part of parts) {
    if (isGlob(part)) break;
    fixed.push(part);
  }
  let existing = fixed.length;
  while (existing > 0 && !existsSync(join(root, ...fixed.slice(0, existing)))) existing--;
  if (existing > 0) {
    let real: string;
    try {
      real = realpathSync(join(root, ...fixed.slice(0, existing)));
    } catch {
      return undefined;
    }
    const rootReal = realpathSync(root);
    const rel = relative(rootReal, real);
    if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
    const rest = parts.slice(existing).join('/');
    p = clean([rel.split(sep).join('/'), rest].filter((x) => x !== '').join('/')) || '.';
  }
  return p;
}

// A concrete path is covered when a scope glob matches it; a glob only when a scope glob holds
// everything it can match (`src/**` holds `src/a/*.ts`), or when the two are the same.
function covered(path: string, scope: readonly string[]): boolean {
  return scope.some((g) => globCovers(g, path));
}
