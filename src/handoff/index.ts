/** The canonical handoff model: types, value vocabulary, limits, ids, hashes and findings. */
export { canonicalJson } from './canonical-json.js';
export { type Finding, type FindingVerdict, finding, type Verdict } from './finding.js';
export type { FindingCode, MessageCode } from './finding-codes.js';
export { contentHash } from './hash.js';
export { HandoffDraftSchema, HandoffSchema } from './schema.js';
export type {
  ArtifactClass,
  DeadEnd,
  Decision,
  DoneItem,
  EpistemicTag,
  Fact,
  FactVerdict,
  FileAction,
  FileTouched,
  Handoff,
  HandoffDraft,
  ListKey,
  Provenance,
  Rejected,
  Status,
  SubSpec,
  ValidationEntry,
  ValidationResult,
  Verification,
  WorktreeState,
} from './types.js';
export { emptySections, FRONT_MATTER_KEYS, LIST_KEYS, PROVENANCE_KEYS } from './types.js';
export { newUlid, ulidTime } from './ulid.js';
export {
  ARTIFACT_CLASSES,
  COMMIT_RE,
  CONTENT_HASH_RE,
  DEFAULT_LIMITS,
  EPISTEMIC_RUNGS,
  FACT_VERDICTS,
  FILE_ACTIONS,
  FORBIDDEN_CHAR_RE,
  HANDOFF_SCHEMA,
  isManifestText,
  isRfc3339,
  type Limits,
  nowRfc3339,
  PLACEHOLDER_RE,
  rfc3339ToMillis,
  SIGNATURE_RE,
  STATUSES,
  TODO_ONLY_RE,
  ULID_RE,
  VALIDATION_RESULTS,
  VERIFICATIONS,
  WORKTREE_STATES,
} from './values.js';
