/**
 * Import of free-form handoffs: Markdown, JSON, YAML and XML written in any
 * style, mapped onto the canonical model by heading and key synonyms, with a report.
 */
export { importHandoff } from './import.js';
export { refuseInvalidOverValid } from './replace-guard.js';
export type { ImportOptions, ImportReport, ImportResult, Mapping, ProvenanceCandidate } from './types.js';
