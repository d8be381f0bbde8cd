/** Archiving: keep current handoffs in the store, take other agents' after checking them, and show archived ones in any format. */
export { type ArchiveOptions, type ArchiveResult, archiveHandoff } from './archive.js';
export { type ReceiveOptions, type ReceiveResult, receiveHandoff } from './receive.js';
export { renderStoredHandoff } from './render.js';
