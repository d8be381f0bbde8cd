/** Git provenance: capture the current state, compare it with a saved one, describe what moved. */

export type { WorktreeChange } from './_status.js';
export { type Capture, type CaptureOptions, captureProvenance, OWN_FOLDERS } from './capture.js';
export { commitPaths, findCommitWithTrailers, headCommit, type PathState, pathStates } from './commit.js';
export {
  type ComparedField,
  type CurrentValues,
  compareProvenance,
  FRESHNESS_FIELDS,
  IDENTITY_FIELDS,
} from './compare.js';
export { findRepositoryRoot, locateRepository, type RepositoryLocation, realPath } from './discover.js';
export { existingCommits, type RecentCommit, recentCommits, worktreeChanges } from './evidence.js';
export { gitProcessCount } from './git.js';
export { repositoryFromUrl } from './repository-name.js';
export { type CommitSince, describeSince, type FileSince, type HeadRelation, type Since } from './since.js';
export { type StashResult, stashPaths } from './stash.js';
export { type FileAtRef, type FolderAtRef, readFolderAtRef, reviewedBaseRef } from './tree.js';
