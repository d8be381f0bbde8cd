/**
 * baton's public API: the handoff model, formats, provenance, validation, resume, write and
 * archive, and governance of what loads into an agent's context. Heavy or Node-only parts live
 * behind subpath exports (`baton/store`, `baton/pipeline-xml`, `baton/testing`).
 */
export {
  type ArchiveOptions,
  type ArchiveResult,
  archiveHandoff,
  renderStoredHandoff,
} from './archive/index.js';
export { BatonError, type BatonErrorCode, InternalError, isBatonError, UserError } from './errors.js';
export {
  type ImportOptions,
  type ImportReport,
  type ImportResult,
  importHandoff,
  type ProvenanceCandidate,
} from './formats/import/index.js';
export {
  type Codec,
  type ConvertOptions,
  type ConvertResult,
  convertHandoff,
  detect,
  FORMAT_NAMES,
  type FormatName,
  isFormatName,
  loadCodec,
  type ParsedHandoff,
  type ParseResult,
  parseHandoff,
  type RenderLoss,
  type RenderResult,
  renderHandoff,
} from './formats/index.js';
export {
  type ApproveOptions,
  type ApproveResult,
  applySupersession,
  approveFile,
  approveText,
  type ContextArtifact,
  type ContextBundle,
  type CurrentRole,
  currentRole,
  type GovernanceFinding,
  generateKey,
  type Judgement,
  judgeArtifact,
  type Label,
  type LoadContextOptions,
  loadContext,
  loadTrustedKeys,
  type Manifest,
  mayWrite,
  ROLE_ENV,
  ROLES,
  type Role,
  readManifest,
  renderBundle,
  roleEnvironment,
  SCAN_RULES,
  type ScanFinding,
  type ScanResult,
  type Severity,
  scanText,
  wrapAsData,
} from './governance/index.js';
export {
  type Finding,
  type FindingCode,
  type FindingVerdict,
  finding,
  type Verdict,
} from './handoff/finding.js';
export {
  ARTIFACT_CLASSES,
  type ArtifactClass,
  contentHash,
  DEFAULT_LIMITS,
  type DeadEnd,
  type Decision,
  type DoneItem,
  type Fact,
  type FileTouched,
  HANDOFF_SCHEMA,
  type Handoff,
  type HandoffDraft,
  type Limits,
  newUlid,
  type Provenance,
  STATUSES,
  type Status,
  type SubSpec,
  type ValidationEntry,
} from './handoff/index.js';
export {
  compileAndWrite,
  type HookEvent,
  type HookResult,
  type InitOptions,
  type InitResult,
  initRepository,
  runHook,
} from './hosts/index.js';
export {
  type Capture,
  type CaptureOptions,
  type ComparedField,
  captureProvenance,
  compareProvenance,
  describeSince,
  repositoryFromUrl,
  type Since,
} from './provenance/index.js';
export {
  type Brief,
  buildBrief,
  claimsOf,
  type ResumeOptions,
  type ResumeResult,
  type ReverifyCommand,
  renderBrief,
  resumeHandoff,
  runCheck,
} from './resume/index.js';
export {
  isRunEvent,
  type NewRunEvent,
  type RecordedRunEvent,
  RUN_EVENT_NAMES,
  type RunEventName,
  type RunEventPayloads,
} from './run-events.js';
export type {
  AppendResult,
  HandoffFilter,
  PutHandoffInput,
  PutResult,
  RunEvent,
  RunInfo,
  RunSummary,
  SearchHit,
  Store,
  StoredHandoff,
  StoredHandoffSummary,
} from './store/index.js';
export {
  type CompileOptions,
  type CompileResult,
  compileTranscript,
  detectTranscript,
  readTranscript,
  type SessionRecord,
  type TranscriptKind,
} from './transcripts/index.js';
export {
  EXIT_CODES,
  type Report,
  resolveHandoffPath,
  type ValidateOptions,
  type ValidationSummary,
  validateFile,
  validatePaths,
  validateText,
} from './validate/index.js';
export { type WriteOptions, type WriteResult, writeHandoff } from './write/index.js';
