/** The Anchor codec: Anchor's five sections, read with bare bullets (the run engine reads replies with it). */
export { NO_SUBSPEC_MESSAGE, parseAnchor } from './codec.js';
