/** The sliding window and dispatch assembly (FORMATS.md §4). */
export {
  atDetail,
  type BuilderInputs,
  builderDispatch,
  committerDispatch,
  previousResults,
  taskSpec,
  verifierDispatch,
} from './assemble.js';
export { renderDispatchMarkdown } from './markdown.js';
export { DEFAULT_WINDOW, detailAt, type WindowDetail, type WindowSizes } from './policy.js';
