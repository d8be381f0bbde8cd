/**
 * The library parts the tools call, each loaded on the first call that needs it, so that a server
 * starts (and answers its first validate_handoff) without loading import, write, governance,
 * the store, the transcript compiler or the resume brief.
 */
import { lazy } from '../../lazy.js';

/** Loaders of the library's doors. */
export const library = {
  archive: lazy(() => import('../../archive/index.js')),
  governance: lazy(() => import('../../governance/index.js')),
  importer: lazy(() => import('../../import/index.js')),
  phases: lazy(() => import('../../phases/index.js')),
  resume: lazy(() => import('../../resume/index.js')),
  store: lazy(() => import('../../store/index.js')),
  transcripts: lazy(() => import('../../transcripts/index.js')),
  write: lazy(() => import('../../write/index.js')),
};
