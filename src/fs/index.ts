/**
 * File-system primitives every part of baton shares: crash-safe writes, a lock across processes,
 * the safe replace that keeps the previous file, and the one containment rule (inside a folder,
 * symlinks followed, never in `.git`).
 */
export { writeFileAtomic } from './atomic.js';
export {
  type Confinement,
  type ConfineOptions,
  checkConfined,
  climbsOut,
  confineTo,
  confineToOwnRoot,
  handoffRootOf,
  hasGitComponent,
  isInside,
  machineryOf,
  relativeInside,
  relativeInsideWindows,
  repositoryRootOf,
  resolveLinks,
} from './inside.js';
export { type FileLockOptions, lockPathOf, withFileLock } from './lock.js';
export {
  type PreviousFile,
  type ReplaceFileOptions,
  type Replacement,
  readPreviousFile,
  replaceFile,
} from './replace.js';
