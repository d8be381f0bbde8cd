/** The canonical codec, `baton/handoff-v1` Markdown (the registry loads it as `baton`). */
export { parseBaton } from './parse.js';
export { renderBaton } from './render.js';
