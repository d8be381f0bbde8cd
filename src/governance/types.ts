/**
 * Governance's data types: how an artifact loads, why, and the boot context's bundle. Type-only
 * and free of Node, so the viewer's page can read the same shapes the server sends.
 */
import type { FindingCode } from '../handoff/finding-codes.js';
import type { ArtifactClass } from '../handoff/types.js';

/** How an artifact is loaded into an agent's context. */
export type Label = 'binding' | 'advisory' | 'quarantined';

/** How much a finding matters: `high` quarantines, `medium` and `low` are reported. */
export type Severity = 'high' | 'medium' | 'low';

/**
 * What a finding does: `invalid` (a malformed manifest) and `quarantine` refuse the artifact;
 * `info` explains how it was loaded.
 */
export type Effect = 'invalid' | 'quarantine' | 'info';

/** One governance finding about an artifact. */
export interface GovernanceFinding {
  /** The rule that found it. */
  rule: string;
  /** Stable code, e.g. `approval-required`, `injection-role-tag`. */
  code: FindingCode;
  effect: Effect;
  message: string;
  line?: number;
  field?: string;
  saved?: string;
  current?: string;
  /** Injection findings only. */
  severity?: Severity;
}

/** Where a trusted key's authority comes from (see `trust.ts`). */
export type TrustRoot = 'base-ref' | 'user';

/** One artifact of the bundle. */
export interface ContextArtifact {
  /** Path relative to the root, with `/`. */
  path: string;
  label: Label;
  /** The class it loads as. */
  class: ArtifactClass;
  /** The class it declares, when it declares one. */
  declaredClass?: ArtifactClass;
  id?: string;
  /** Who the artifact says wrote it (a claim unless it is approved). */
  author?: string;
  sourceCommit?: string;
  /** `sha256:<hex>` of the text after the front matter, as it is now. */
  sha256?: string;
  approvedBy?: string;
  approverFingerprint?: string;
  /** The trust root that vouches for the approver's key, in words. */
  approverTrustedBy?: string;
  expiresAt?: string;
  supersedes: string[];
  supersededBy: string[];
  /** The end of the supersession chain, when this artifact is superseded. */
  current?: string;
  /** Why it got its label, one line each. */
  reasons: string[];
  findings: GovernanceFinding[];
  bytes: number;
  /** The text after the front matter; left out for quarantined artifacts. */
  text?: string;
}

/** What `baton context` prints. */
export interface ContextBundle {
  root: string;
  counts: Record<Label, number>;
  /** The keys whose signatures bind, and the root that trusts each (`base-ref` or `user`). */
  trustedKeys: { name: string; fingerprint: string; root: TrustRoot; trustedBy: string }[];
  /** Keys offered in the work tree that no root trusts: they bind nothing. */
  proposedKeys: { name: string; fingerprint: string; path: string; why: string }[];
  /** Problems with the set (configuration, key files, paths), not with one artifact. */
  problems: string[];
  artifacts: ContextArtifact[];
}
