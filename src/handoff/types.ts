/**
 * TypeScript types of the canonical model, inferred from the zod schemas. Type-only imports:
 * nothing here loads zod at run time.
 */
import type { z } from 'zod';
import type {
  DeadEndSchema,
  DecisionSchema,
  DoneItemSchema,
  EpistemicTagSchema,
  FactSchema,
  FileTouchedSchema,
  HandoffDraftSchema,
  HandoffSchema,
  ProvenanceSchema,
  RejectedSchema,
  SubSpecSchema,
  ValidationSchema,
} from './schema.js';
import type {
  ARTIFACT_CLASSES,
  FACT_VERDICTS,
  FILE_ACTIONS,
  STATUSES,
  VALIDATION_RESULTS,
  VERIFICATIONS,
  WORKTREE_STATES,
} from './values.js';

/** The canonical handoff. */
export type Handoff = z.infer<typeof HandoffSchema>;
/** What a writer hands to `baton write` before baton fills ids, time, provenance and hash. */
export type HandoffDraft = z.infer<typeof HandoffDraftSchema>;
/** Git anchors of a handoff. */
export type Provenance = z.infer<typeof ProvenanceSchema>;
/** A finished item with its verification. */
export type DoneItem = z.infer<typeof DoneItemSchema>;
/** A remaining sub-spec. */
export type SubSpec = z.infer<typeof SubSpecSchema>;
/** A decision with its reason. */
export type Decision = z.infer<typeof DecisionSchema>;
/** A rejected alternative of a decision. */
export type Rejected = z.infer<typeof RejectedSchema>;
/** A checked fact. */
export type Fact = z.infer<typeof FactSchema>;
/** An epistemic tag on a fact. */
export type EpistemicTag = z.infer<typeof EpistemicTagSchema>;
/** A touched file. */
export type FileTouched = z.infer<typeof FileTouchedSchema>;
/** A validation command and its result. */
export type ValidationEntry = z.infer<typeof ValidationSchema>;
/** A failed approach. */
export type DeadEnd = z.infer<typeof DeadEndSchema>;

/** Where the work stands. */
export type Status = (typeof STATUSES)[number];
/** How a done item was checked. */
export type Verification = (typeof VERIFICATIONS)[number];
/** Verdict of a fact. */
export type FactVerdict = (typeof FACT_VERDICTS)[number];
/** What happened to a file. */
export type FileAction = (typeof FILE_ACTIONS)[number];
/** Outcome of a validation command. */
export type ValidationResult = (typeof VALIDATION_RESULTS)[number];
/** Clean or dirty work tree. */
export type WorktreeState = (typeof WORKTREE_STATES)[number];
/** Governance class of an artifact. */
export type ArtifactClass = (typeof ARTIFACT_CLASSES)[number];

/** The front matter keys baton knows, in the order it renders them. */
export const FRONT_MATTER_KEYS = [
  'schema',
  'id',
  'created_at',
  'from',
  'to',
  'task',
  'parent',
  'window',
  'status',
  'repository',
  'worktree',
  'branch',
  'head',
  'base_ref',
  'base_commit',
  'worktree_state',
  'class',
  'expires_at',
  'content_hash',
  'signature',
] as const;

/** The provenance keys, all present or all absent. */
export const PROVENANCE_KEYS = [
  'repository',
  'worktree',
  'branch',
  'head',
  'base_ref',
  'base_commit',
  'worktree_state',
] as const;

/** The list fields of a handoff, in section order. */
export const LIST_KEYS = [
  'done',
  'remaining',
  'decisions',
  'facts',
  'files_touched',
  'validation',
  'open_concerns',
  'dead_ends',
  'preferences',
] as const;

/** A list field of a handoff. */
export type ListKey = (typeof LIST_KEYS)[number];

/** An empty handoff body: every list empty. Handy for building handoffs in code. */
export function emptySections(): Pick<Handoff, ListKey> {
  return {
    done: [],
    remaining: [],
    decisions: [],
    facts: [],
    files_touched: [],
    validation: [],
    open_concerns: [],
    dead_ends: [],
    preferences: [],
  };
}
