/**
 * Whether a saved repository identity that differs by name is still this repository: the same
 * root commit. Adding a remote turns `root:<12 hex>` into `owner/name`, removing or renaming one
 * does the reverse or changes the name; none of that makes it other work.
 */
import type { Provenance } from '../handoff/types.js';
import { COMMIT_RE } from '../handoff/values.js';
import { type GitSteps, runSteps } from './git.js';

const ROOT_ID = /^root:([0-9a-f]{12})$/;

/** How the repository was recognised under its other name, or undefined when it was not. */
export interface SameRepository {
  /** One line for the person: what changed and why it is the same repository. */
  reason: string;
}

/**
 * Recognises the repository at `root` in a saved identity `saved.repository` that names it
 * differently. A saved `root:<hex>` is compared with this repository's root commits (one git
 * process); any other saved name counts when the saved HEAD is in this repository and shares
 * history with HEAD (one `git merge-base`), since then both histories start from the same root.
 */
export function recogniseRepository(root: string, saved: Partial<Provenance>): SameRepository | undefined {
  return runSteps(root, recogniseSteps(saved));
}

/** The git calls of `recogniseRepository`, for the servers to run off the event loop. */
export function* recogniseSteps(saved: Partial<Provenance>): GitSteps<SameRepository | undefined> {
  const savedRoot = ROOT_ID.exec(saved.repository ?? '')?.[1];
  if (savedRoot) {
    const roots = yield { args: ['rev-list', '--max-parents=0', 'HEAD'] };
    if (roots.status !== 0) return undefined;
    const same = roots.stdout.split('\n').some((r) => r.trim().startsWith(savedRoot));
    return same ? { reason: `the same root commit ${savedRoot}` } : undefined;
  }
  if (!saved.head || !COMMIT_RE.test(saved.head)) return undefined;
  const mb = yield { args: ['merge-base', '--end-of-options', saved.head, 'HEAD'] };
  if (mb.status !== 0) return undefined;
  return { reason: 'the saved HEAD is in this repository and shares its root commit' };
}
