/** The handoff Markdown grammar the Markdown codecs share: front matter, sections, items, Remaining. */
export { frontMatterValues } from './render.js';
export { isCapItem } from './sections.js';
