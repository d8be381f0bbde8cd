/** Archiving: keep handoffs in the store as evidence, and show archived ones in any format. */
export { type ArchiveOptions, type ArchiveResult, archiveHandoff, keepReplaced } from './archive.js';
export { renderStoredHandoff } from './render.js';
