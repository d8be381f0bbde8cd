/** The canonical handoff model: types, value vocabulary, limits, ids and hashes. */
export { contentHash } from './hash.js';
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
  Provenance,
  Rejected,
  Status,
  SubSpec,
  ValidationEntry,
  ValidationResult,
  Verification,
  WorktreeState,
} from './types.js';
export { emptySections, FRONT_MATTER_KEYS, PROVENANCE_KEYS } from './types.js';
export { newUlid, ulidTime } from './ulid.js';
export {
  ARTIFACT_CLASSES,
  DEFAULT_LIMITS,
  EPISTEMIC_RUNGS,
  FACT_VERDICTS,
  FILE_ACTIONS,
  HANDOFF_SCHEMA,
  isManifestText,
  isRfc3339,
  type Limits,
  nowRfc3339,
  rfc3339ToMillis,
  STATUSES,
  VALIDATION_RESULTS,
  VERIFICATIONS,
  WORKTREE_STATES,
} from './values.js';
