/** The context-kit codec, and context-kit's own layout check that `validate --format context-kit` runs. */
export { checkContextKit } from './check.js';
