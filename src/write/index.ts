/** Writing handoffs: drafts in, validated and provenance-anchored handoffs out, atomically. */
export { preserveFile, writeFileAtomic } from './atomic.js';
export { capAdvice } from './caps.js';
export { type WriteOptions, type WriteResult, writeHandoff } from './write.js';
