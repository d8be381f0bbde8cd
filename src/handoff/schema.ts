/**
 * The canonical `baton/handoff-v1` model as zod schemas: the single truth for JSON input and
 * output and for the committed JSON Schema. Markdown parsing builds the same shape without
 * loading zod (start-up cost), checking values against the shared vocabulary in `values.ts`.
 */
import { z } from 'zod';
import {
  ARTIFACT_CLASSES,
  COMMIT_RE,
  CONTENT_HASH_RE,
  EPISTEMIC_RUNGS,
  FACT_VERDICTS,
  FILE_ACTIONS,
  FORBIDDEN_CHAR_RE,
  HANDOFF_SCHEMA,
  isManifestText,
  isRfc3339,
  PLACEHOLDER_RE,
  SIGNATURE_RE,
  STATUSES,
  ULID_RE,
  VALIDATION_RESULTS,
  VERIFICATIONS,
  WORKTREE_STATES,
} from './values.js';

const clean = (s: string) => !FORBIDDEN_CHAR_RE.test(s) && !PLACEHOLDER_RE.test(s);

/** One line of text: trimmed, not empty, no line breaks or control characters. */
const line = z
  .string()
  .min(1)
  .refine((s) => s === s.trim() && !/[\r\n]/.test(s) && clean(s), {
    message: 'must be one trimmed line with no control characters or {{placeholders}}',
  });

/** Free Markdown text: trimmed, no control characters (newlines allowed). */
const text = z
  .string()
  .min(1)
  .refine((s) => s === s.trim() && !s.includes('\r') && clean(s), {
    message: 'must be trimmed text with no control characters or {{placeholders}}',
  });

/**
 * A `context_manifest` block as YAML text: dedented (some line starts at column 0), no blank
 * lines at either end, no whitespace-only lines, no `---` line, no tab indentation.
 */
const manifestText = z.string().min(1).refine(isManifestText, {
  message: 'must be dedented YAML text with no blank lines at the ends, --- lines or control characters',
});

const timestamp = z.iso
  .datetime({ offset: true })
  .refine(isRfc3339, { message: 'must be an RFC 3339 date-time with an offset' });

/** Repository anchors captured from git when the handoff was written. */
export const ProvenanceSchema = z
  .object({
    repository: line.describe('owner/name from origin, or root:<12 hex of the root commit>'),
    worktree: line.describe('absolute path of the work tree (informational only)'),
    branch: line.describe('current branch, or (detached)'),
    head: z.string().regex(COMMIT_RE).describe('HEAD commit'),
    base_ref: line.describe('the ref the work is based on'),
    base_commit: z.string().regex(COMMIT_RE).describe('merge-base of HEAD and base_ref'),
    worktree_state: z.enum(WORKTREE_STATES),
  })
  .strict();

/** A finished piece of work and how it was checked. */
export const DoneItemSchema = z
  .object({
    text: line,
    command: line.optional().describe('the command that verified it'),
    result: z.enum(VERIFICATIONS).describe('unverified unless a check really ran'),
  })
  .strict();

/** A ready-to-dispatch piece of remaining work. */
export const SubSpecSchema = z
  .object({
    title: line,
    goal: line.optional(),
    files_in_scope: z.array(line),
    verify_by: z.array(line).describe('commands that prove it done; required for a valid handoff'),
    notes: line.optional(),
  })
  .strict();

/** An alternative that was considered and rejected. */
export const RejectedSchema = z.object({ alternative: line, reason: line.optional() }).strict();

/** A decision the next agent must not reverse. */
export const DecisionSchema = z
  .object({
    decision: line,
    reason: line.optional(),
    rejected: z.array(RejectedSchema),
  })
  .strict();

/** An epistemic label on a fact (seed 003). */
export const EpistemicTagSchema = z
  .object({ rung: z.enum(EPISTEMIC_RUNGS), confidence: z.number().min(0).max(1).optional() })
  .strict();

/** A checked claim about the code or the world. */
export const FactSchema = z
  .object({
    verdict: z.enum(FACT_VERDICTS),
    claim: line,
    evidence: line.describe('path:line, `cmd`, or none'),
    note: line.optional(),
    tag: EpistemicTagSchema.optional(),
  })
  .strict();

/** A file the work created, changed, removed or renamed. */
export const FileTouchedSchema = z
  .object({
    action: z.enum(FILE_ACTIONS),
    path: line,
    from: line.optional().describe('the old path of a rename'),
    note: line.optional(),
  })
  .strict();

/** A check and its result. */
export const ValidationSchema = z
  .object({ result: z.enum(VALIDATION_RESULTS), command: line, outcome: line.optional() })
  .strict();

/** An approach that was tried and failed: the next agent must not retry it. */
export const DeadEndSchema = z.object({ attempt: line, reason: line.optional() }).strict();

/** The canonical handoff, `baton/handoff-v1`. */
export const HandoffSchema = z
  .object({
    schema: z.literal(HANDOFF_SCHEMA),
    id: z.string().regex(ULID_RE).describe('ULID, generated on write'),
    created_at: timestamp,
    from: line.describe('writer: agent or role id'),
    to: line.optional(),
    task: line.optional(),
    parent: line.optional().describe('id of the handoff this one continues'),
    window: z.number().int().min(1).optional(),
    status: z.enum(STATUSES),
    provenance: ProvenanceSchema.optional().describe('absent outside a git repository'),
    class: z.enum(ARTIFACT_CLASSES).optional(),
    expires_at: timestamp.optional(),
    content_hash: z.string().regex(CONTENT_HASH_RE).optional(),
    signature: z.string().regex(SIGNATURE_RE).optional(),
    context_manifest: manifestText
      .optional()
      .describe('the context_manifest block of the front matter (FORMATS.md §5) as YAML text, kept verbatim'),
    extra: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/), line)
      .optional()
      .describe('front matter keys baton does not know, kept as written'),
    title: line,
    goal: text.describe('the original task intent, verbatim'),
    summary: text.describe('1-5 lines: what changed and where things stand'),
    done: z.array(DoneItemSchema),
    remaining: z.array(SubSpecSchema),
    decisions: z.array(DecisionSchema),
    facts: z.array(FactSchema),
    files_touched: z.array(FileTouchedSchema),
    validation: z.array(ValidationSchema),
    open_concerns: z.array(line),
    dead_ends: z.array(DeadEndSchema),
    preferences: z.array(line),
    notes: text.optional().describe('free Markdown; unknown sections are kept here under ### headings'),
  })
  .strict();

/**
 * A draft handed to `baton write`: what the writer knows. Ids, times, provenance and hashes are
 * filled in by baton; lists may be left out.
 */
export const HandoffDraftSchema = HandoffSchema.partial().extend({
  schema: z.literal(HANDOFF_SCHEMA).optional(),
});
