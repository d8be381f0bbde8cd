/**
 * Pipeline XML (seed 000): <task-result> replies, <context-handoff> elements at FULL or SUMMARY
 * detail, and <dispatch> messages. Registered as the codec `pipeline-xml`; the run engine uses
 * the element functions directly. Loads fast-xml-parser, so import it lazily.
 */
export { readXmlDocument, textOf, type XmlElement, type XmlError, type XmlNode } from './_xml.js';
export { parsePipelineXml, renderPipelineXml } from './codec.js';
export {
  parseContextHandoff,
  parseTaskResult,
  readTaskResultDocument,
  type TaskResultDocument,
} from './parse.js';
export {
  contextHandoffOf,
  renderContextHandoff,
  renderDispatch,
  renderTaskResult,
  SUMMARY_MAX_LINES,
  type TaskResultExtras,
} from './render.js';
export type {
  ContextHandoffXml,
  DetailLevel,
  DispatchXml,
  TaskResultFailure,
  TaskResultParse,
  TaskResultXml,
} from './types.js';
