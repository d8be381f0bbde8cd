/**
 * What a remote builder may send back. Its patch is judged by the paths git itself will write
 * (provenance/worktree.ts `patchPaths`), never by the patch's header lines: git accepts plain
 * unified diffs, quoted names and headers whose two sides differ, so a pattern over the text can
 * be walked around. Its run files are the dispatched task's own record, nothing else.
 */
import { posix } from 'node:path';
import { machineryOf, relativeInside } from '../fs/index.js';
import { scopeMatcher } from '../glob/index.js';

const STAND_IN = '/repository';

import type { PatchPath } from '../provenance/worktree.js';

/** Why the patch is refused, or undefined when every path it writes is the task's to write. */
export function refusedPatch(
  paths: readonly PatchPath[],
  filesInScope: readonly string[],
): string | undefined {
  const inScope = scopeMatcher(filesInScope);
  for (const p of paths) {
    const shown = `\`${p.path.slice(0, 200)}\``;
    const machinery = machineryOf(p.path);
    if (machinery) return `the remote patch writes ${shown}, inside ${machinery}`;
    if (p.mode === '160000') return `the remote patch adds a submodule at ${shown}`;
    if (!inScope(p.path)) {
      return `the remote patch writes ${shown}, outside the task's files in scope (${filesInScope.join(', ')})`;
    }
    if (p.target !== undefined) {
      const leaves = linkLeaves(p.path, p.target);
      if (leaves) return `the remote patch makes ${shown} a symbolic link ${leaves}`;
    }
  }
  return undefined;
}

// A link's target is resolved from the link's own folder, as the file system will: absolute, or
// climbing above the repository root, or landing in .git/ or .baton/, it leaves the work.
function linkLeaves(path: string, target: string): string | undefined {
  if (target === '' || posix.isAbsolute(target) || /^[a-zA-Z]:[\\/]/.test(target) || target.includes('\\')) {
    return `to \`${target.slice(0, 200)}\`, outside the repository`;
  }
  // Placed under a stand-in root, a target that climbs above it is outside (the one rule of fs/).
  const resolved = relativeInside(STAND_IN, posix.join(STAND_IN, posix.dirname(path), target));
  if (resolved === undefined) {
    return `to \`${target.slice(0, 200)}\`, outside the repository`;
  }
  const machinery = resolved === '' ? undefined : machineryOf(resolved);
  return machinery ? `to \`${target.slice(0, 200)}\`, inside ${machinery}` : undefined;
}

/**
 * Why the remote's run files are refused, or undefined: only the dispatched task's own progress
 * file (`<TASK>_progress.md`, docs/run.md) comes back; the engine's records (the event log, the
 * plan copy, the lock, the result files, other tasks' files) are never the remote's to write.
 */
export function refusedRunFiles(names: readonly string[], task: string): string | undefined {
  const own = `${task}_progress.md`;
  const bad = names.find((name) => name !== own);
  return bad === undefined
    ? undefined
    : `the remote sent a run file other than ${own}: \`${bad.slice(0, 80)}\``;
}
