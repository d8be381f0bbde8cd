/** Validation: verdicts, exit codes and findings for handoff artifacts (FORMATS.md §2). */
export { convertChecked } from './converted.js';
export { validatePaths } from './many.js';
export {
  listHandoffFiles,
  type ResolveOptions,
  resolveHandoffPath,
} from './paths.js';
export { decodeUtf8, READ_LIMIT, type ReadOutcome, readArtifact } from './read.js';
export {
  EXIT_CODES,
  type Report,
  type ReportStats,
  reportAsJson,
  type ValidationSummary,
  verdictOf,
  worstVerdict,
} from './report.js';
export type { Rule, RuleContext } from './rules.js';
export { type ValidateOptions, validateFile, validateText } from './validate.js';
