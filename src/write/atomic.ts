/** Moved to `src/fs/atomic.ts` (the one crash-safe write path); kept so that existing imports resolve. */
export { writeFileAtomic } from '../fs/atomic.js';
