/**
 * File-system primitives every part of baton shares: crash-safe writes, a lock across processes,
 * the safe replace that keeps the previous file, and the check that a path stays inside a folder.
 */
export { writeFileAtomic } from './atomic.js';
export { confineTo, isInside, repositoryRootOf, resolveLinks } from './inside.js';
export { type FileLockOptions, lockPathOf, withFileLock } from './lock.js';
export {
  type PreviousFile,
  type ReplaceFileOptions,
  type Replacement,
  readPreviousFile,
  replaceFile,
} from './replace.js';
