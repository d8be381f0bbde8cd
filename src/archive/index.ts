/** Archiving: keep current handoffs in the store, and show archived ones in any format. */
export { type ArchiveOptions, type ArchiveResult, archiveHandoff } from './archive.js';
export { renderStoredHandoff } from './render.js';
