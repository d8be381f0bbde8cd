/**
 * Judging one artifact: read its manifest, check its hash and signature, scan its text, apply
 * the rules, and label it binding, advisory or quarantined. YAML, node:crypto and the trusted
 * keys are loaded only when the artifact has something for them to check.
 */

import type { Finding } from '../handoff/finding.js';
import type { ArtifactClass } from '../handoff/types.js';
import { lazy } from '../lazy.js';
import { type CurrentRole, isBindingClass } from './classes.js';
import type { TrustedKeys } from './keys.js';
import { duplicateGovernanceKeys, type Manifest, type ManifestSource, readManifest } from './manifest.js';
import { GOVERNANCE_RULES, type RuleInput, type RuleState } from './rules.js';
import type { ScanResult } from './scan/index.js';
import type { SignatureCheck } from './signature.js';
import type { GovernanceFinding, Label } from './types.js';

// The scanner, loaded on first use and kept (a repeated `await import()` costs microseconds).
const scannerModule = lazy(() => import('./scan/scan.js'));

/**
 * How a handoff loads, given what validate found: never as binding policy (a handoff is another
 * agent's record), as advisory data, or not at all when anything in it is UNTRUSTED.
 */
export function handoffLabel(findings: readonly Finding[]): Exclude<Label, 'binding'> {
  return findings.some((f) => f.verdict === 'UNTRUSTED') ? 'quarantined' : 'advisory';
}

/** An artifact to judge: its text, its body bytes, and where its governance fields are. */
export interface JudgeInput extends ManifestSource {
  /** The whole text (what the injection scan reads). */
  text: string;
  /** The bytes after the front matter, or undefined when the format has no such body (JSON). */
  body: (() => Uint8Array) | undefined;
}

/** Options of `judgeArtifact`. */
export interface JudgeOptions {
  now?: Date;
  /** The writer's role, when the caller knows it (validate and write: the current process). */
  writer?: CurrentRole;
  /** Loads the trusted keys (called only when the artifact carries a signature). */
  trustedKeys?: () => Promise<TrustedKeys>;
  /** The front matter's own values, hash and expiry are checked by the caller (validate). */
  flatChecked?: boolean;
  /** A scan already made of `text`. */
  scan?: ScanResult;
}

/** The verdict on one artifact. */
export interface Judgement {
  manifest: Manifest;
  label: Label;
  /** The class it loads as: `observation` when expired or when its writer is not bound. */
  effectiveClass: ArtifactClass;
  /** The key whose valid signature approves it. */
  approvedBy?: string;
  approverFingerprint?: string;
  /** The trust root that vouches for the approver's key, in words. */
  approverTrustedBy?: string;
  expired: boolean;
  /** `sha256:<hex>` of the body now, when computed. */
  bodyHash?: string;
  findings: GovernanceFinding[];
  scan: ScanResult;
}

/** Judges one artifact. Never throws on bad input. */
export async function judgeArtifact(input: JudgeInput, options: JudgeOptions = {}): Promise<Judgement> {
  const read = await readManifest(input);
  const m = read.manifest;
  const scan = options.scan ?? (await scannerModule()).scanText(input.text);
  const ruleInput: RuleInput = {
    read,
    duplicates: duplicateGovernanceKeys(input.text),
    scan,
    now: options.now ?? new Date(),
    writer: options.writer ?? { role: undefined },
    flatChecked: options.flatChecked === true,
  };
  if ((m.contentHash || m.signature) && input.body) {
    const { contentHash } = await import('../handoff/hash.js');
    ruleInput.bodyHash = contentHash(input.body());
  }
  if (m.signature) ruleInput.signature = await checkSignature(m, input, options);
  const state: RuleState = { effectiveClass: m.class, expired: false };
  const findings: GovernanceFinding[] = [];
  for (const rule of GOVERNANCE_RULES) {
    rule.check(ruleInput, state, (f) => findings.push({ rule: rule.id, ...f }));
  }
  const refused = findings.some((f) => f.effect !== 'info');
  const binds =
    isBindingClass(state.effectiveClass) &&
    state.approvedBy !== undefined &&
    !state.expired &&
    m.binding !== false;
  const judgement: Judgement = {
    manifest: m,
    label: refused ? 'quarantined' : binds ? 'binding' : 'advisory',
    effectiveClass: state.effectiveClass,
    expired: state.expired,
    findings,
    scan,
  };
  if (state.approvedBy) judgement.approvedBy = state.approvedBy;
  if (state.approverFingerprint) judgement.approverFingerprint = state.approverFingerprint;
  if (state.approverTrustedBy) judgement.approverTrustedBy = state.approverTrustedBy;
  if (ruleInput.bodyHash) judgement.bodyHash = ruleInput.bodyHash;
  return judgement;
}

async function checkSignature(
  m: Manifest,
  input: JudgeInput,
  options: JudgeOptions,
): Promise<SignatureCheck> {
  const keyId = (m.signature ?? '').split(':')[1] ?? '';
  if (!input.body) {
    return {
      status: 'invalid',
      keyId,
      reason: 'a JSON artifact has no body apart from its fields, so baton cannot check a signature on it',
    };
  }
  const [{ approvalStatement, verifySignature }, trusted] = await Promise.all([
    import('./signature.js'),
    options.trustedKeys ? options.trustedKeys() : Promise.resolve(undefined),
  ]);
  if (!trusted)
    return { status: 'untrusted', keyId, reason: 'no trusted keys were given to check it against' };
  return verifySignature(approvalStatement(m.signed), m.signature as string, trusted);
}
