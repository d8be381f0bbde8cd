/**
 * Formats: one codec per format, a registry that loads each codec only when it is used, and
 * `detect()` that recognises a format by content.
 */
export {
  type FrontMatter,
  type FrontMatterBlock,
  type FrontMatterResult,
  readFrontMatter,
  renderBlock,
} from './_front-matter.js';
export { type ConvertOptions, type ConvertResult, convertHandoff } from './convert.js';
export { detect } from './detect.js';
export { jsonText } from './json-text.js';
export { findingsOnDraft, mapRenderedLines } from './line-map.js';
export { splitListOutsideBraces } from './list.js';
export { bodyOffsetOf, splitLines } from './markdown.js';
export { FORMAT_NAMES, isFormatName } from './names.js';
export { type Codec, loadCodec, parseHandoff, renderHandoff } from './registry.js';
export { codeSpan, codeSpans, FenceTracker } from './text.js';
export type {
  FormatName,
  ItemLines,
  ListKey,
  ParsedHandoff,
  ParseResult,
  RenderLoss,
  RenderResult,
} from './types.js';
