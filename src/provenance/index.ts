/** Git provenance: capture the current state, compare it with a saved one, describe what moved. */

export type { WorktreeChange } from './_status.js';
export { GitAnswers } from './answers.js';
export {
  type Capture,
  type CaptureOptions,
  captureProvenance,
  excludingPaths,
  OWN_FOLDERS,
} from './capture.js';
export {
  commitPaths,
  commitsSince,
  committerIdentity,
  findCommitWithTrailers,
  headCommit,
  ignoredPaths,
  type PathState,
  pathStates,
} from './commit.js';
export {
  type ComparedField,
  type CurrentValues,
  compareProvenance,
  FRESHNESS_FIELDS,
  IDENTITY_FIELDS,
} from './compare.js';
export { findRepositoryRoot, locateRepository, type RepositoryLocation, realPath } from './discover.js';
export { existingCommits, type RecentCommit, recentCommits, worktreeChanges } from './evidence.js';
export { gitProcessCount, runGit } from './git.js';
export { recogniseRepository } from './identity.js';
export { type LandResult, landCommit, syncLanded } from './land.js';
export { repositoryFromUrl } from './repository-name.js';
export { type CommitSince, describeSince, type FileSince, type HeadRelation, type Since } from './since.js';
export { type StashResult, stashPaths } from './stash.js';
export {
  type FileAtRef,
  type FolderAtRef,
  type FolderOptions,
  readFolderAtRef,
  reviewedBaseRef,
} from './tree.js';
export {
  addWorktree,
  applyPatch,
  hasCommit,
  type PatchPath,
  patchNames,
  patchPaths,
  patchSince,
  removeWorktree,
  worktreesIn,
} from './worktree.js';
