/** Writing handoffs: drafts in, validated and provenance-anchored handoffs out, atomically. */
export { writeFileAtomic } from '../fs/atomic.js';
export { capAdvice } from './caps.js';
export { historyDirOf, type PreviousHandoff, replaceHandoff, writeHandoffFile } from './replace.js';
export { type WriteOptions, type WriteResult, writeHandoff } from './write.js';
