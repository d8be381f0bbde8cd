/** Archiving: keep handoffs in the store as evidence, take other agents' after checking them, and show archived ones in any format. */
export { type ArchiveOptions, type ArchiveResult, archiveHandoff, keepReplaced } from './archive.js';
export { type HandoffChain, handoffChain } from './chain.js';
export { type DiffLine, diffLines } from './diff.js';
export { type ReceiveOptions, type ReceiveResult, receiveHandoff } from './receive.js';
export { renderStoredHandoff } from './render.js';
