/** The sliding window and dispatch assembly (FORMATS.md §4). */
export {
  atDetail,
  type BuilderInputs,
  builderDispatch,
  committerDispatch,
  previousResults,
  verifierDispatch,
} from './assemble.js';
export {
  accumulate,
  budgetNotice,
  type Carried,
  continuationDispatch,
  nothingCarried,
} from './continuation.js';
export { renderDispatchMarkdown } from './markdown.js';
export { DEFAULT_WINDOW, detailAt, type WindowDetail, type WindowSizes } from './policy.js';
