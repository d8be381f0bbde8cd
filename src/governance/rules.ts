/**
 * The governance rules (FORMATS.md §5), each a small function with an id that adds findings and
 * may lower what an artifact counts as. Together they decide whether an artifact binds, advises,
 * or is quarantined.
 */
import type { ArtifactClass } from '../handoff/types.js';
import { type CurrentRole, isBindingClass, mayWrite } from './classes.js';
import type { DuplicateKey, ManifestRead } from './manifest.js';
import type { ScanResult } from './scan/index.js';
import type { SignatureCheck } from './signature.js';
import type { GovernanceFinding } from './types.js';

/** What the rules see about one artifact. */
export interface RuleInput {
  read: ManifestRead;
  /** Governance keys written more than once in the front matter (one manifest per artifact). */
  duplicates: readonly DuplicateKey[];
  /** `sha256:<hex>` of the body as it is now, when it was computed. */
  bodyHash?: string;
  signature?: SignatureCheck;
  scan: ScanResult;
  now: Date;
  /** The writer's role as the run engine declared it; unknown when `role` is undefined. */
  writer: CurrentRole;
  /** The front matter's own values, hash and expiry are checked elsewhere (by validate). */
  flatChecked: boolean;
}

/** What the rules decide, as they run. */
export interface RuleState {
  effectiveClass: ArtifactClass;
  /** The key whose valid signature approves the artifact. */
  approvedBy?: string;
  approverFingerprint?: string;
  /** The trust root that vouches for the approver's key, in words. */
  approverTrustedBy?: string;
  expired: boolean;
  /** The text no longer matches its content_hash: no signature over that hash approves it. */
  hashMismatch?: boolean;
}

/** A governance rule. */
export interface GovernanceRule {
  id: string;
  check(input: RuleInput, state: RuleState, add: (f: Omit<GovernanceFinding, 'rule'>) => void): void;
}

const manifestValues: GovernanceRule = {
  id: 'manifest',
  check({ read, flatChecked, duplicates }, _state, add) {
    for (const { key, lines } of duplicates) {
      add({
        code: 'manifest-duplicate',
        effect: 'invalid',
        message: `\`${key}\` appears ${lines.length} times in the front matter (lines ${lines.join(', ')}): one manifest per artifact, since readers disagree on which copy counts`,
        line: lines[1],
        field: key,
      });
    }
    const flatOnly = read.manifest.source !== 'manifest';
    if (!(flatOnly && flatChecked)) {
      for (const p of read.problems) {
        add({ code: 'manifest-value', effect: 'invalid', message: p.message, line: p.line, field: p.field });
      }
    }
    for (const { key, line } of read.unknownKeys) {
      add({
        code: 'manifest-unknown-key',
        effect: 'info',
        message: `context_manifest key \`${key}\` is not one baton knows (it is signed, but means nothing)`,
        line,
        field: key,
      });
    }
  },
};

const contentHash: GovernanceRule = {
  id: 'content-hash',
  check({ read, bodyHash, flatChecked }, state, add) {
    const m = read.manifest;
    if (!m.contentHash || bodyHash === undefined || m.contentHash === bodyHash) return;
    state.hashMismatch = true;
    // validate checks a handoff's own content_hash already.
    if (m.source !== 'manifest' && flatChecked) return;
    add({
      code: 'manifest-content-hash',
      effect: 'quarantine',
      message: 'content_hash does not match the text: it changed after it was approved or written',
      field: 'content_hash',
      saved: m.contentHash,
      current: bodyHash,
      line: m.lines.content_hash,
    });
  },
};

const signature: GovernanceRule = {
  id: 'signature',
  check({ read, signature: sig }, state, add) {
    const m = read.manifest;
    const line = m.lines.signature;
    if (!sig) {
      if (m.approvedBy) {
        add({
          code: 'approval-unsigned',
          effect: 'info',
          message: `approved_by names "${m.approvedBy}" but there is no signature: a name alone proves nothing, so it counts as unapproved`,
          line: m.lines.approved_by,
          field: 'approved_by',
        });
      }
      return;
    }
    if (sig.status === 'proposed') {
      add({
        code: 'signature-proposed',
        effect: 'info',
        message: `signed by ${sig.reason}; it binds nothing until it is merged into the base ref or you run \`baton keys trust\``,
        line,
        field: 'signature',
      });
      return;
    }
    if (sig.status !== 'valid') {
      add({
        code: sig.status === 'untrusted' ? 'signature-untrusted' : 'signature-invalid',
        effect: 'quarantine',
        message: `signature by "${sig.keyId}" does not verify: ${sig.reason}`,
        line,
        field: 'signature',
      });
      return;
    }
    if (m.approvedBy && m.approvedBy !== sig.keyId) {
      add({
        code: 'signature-mismatch',
        effect: 'quarantine',
        message: `approved_by names "${m.approvedBy}" but the signature is by "${sig.keyId}"`,
        line: m.lines.approved_by ?? line,
        field: 'approved_by',
      });
      return;
    }
    if (!m.contentHash) {
      add({
        code: 'approval-without-hash',
        effect: 'quarantine',
        message:
          'the signature covers no content_hash, so it does not cover the text: approve it again with `baton approve`',
        line,
        field: 'content_hash',
      });
      return;
    }
    if (state.hashMismatch) return;
    state.approvedBy = sig.keyId;
    state.approverFingerprint = sig.fingerprint;
    state.approverTrustedBy = sig.trustedBy;
    add({
      code: 'signature-trusted',
      effect: 'info',
      message: `signed by "${sig.keyId}" (${sig.fingerprint}), a key trusted by ${sig.trustedBy}`,
      line,
      field: 'signature',
    });
  },
};

const approvalRequired: GovernanceRule = {
  id: 'approval-required',
  check({ read }, state, add) {
    const m = read.manifest;
    if (!isBindingClass(m.class) || state.approvedBy) return;
    add({
      code: 'approval-required',
      effect: 'quarantine',
      message: `class ${m.class} needs approval: a valid ed25519 signature from a trusted key (\`baton approve\`)`,
      line: m.lines.class,
      field: 'class',
    });
  },
};

const writerRole: GovernanceRule = {
  id: 'writer-role',
  check({ read, writer }, state, add) {
    const m = read.manifest;
    if (writer.unknown) {
      add({
        code: 'role-unknown',
        effect: 'info',
        message: `BATON_ROLE=${JSON.stringify(writer.unknown)} is not a role baton knows (orchestrator, parent, child, sibling): treated as sibling`,
      });
    }
    // An approval binds the class to a key holder; the writer's role no longer matters.
    if (state.approvedBy) return;
    if (writer.role !== undefined) {
      if (!mayWrite(writer.role, m.class)) {
        add({
          code: 'class-forbidden',
          effect: 'quarantine',
          message: `a ${writer.role} may not write class ${m.class} (BATON_ROLE, set when the writer was started, decides; the artifact's own fields do not)`,
          line: m.lines.class,
          field: 'class',
        });
      }
      return;
    }
    if (m.class === 'guidance') {
      state.effectiveClass = 'observation';
      add({
        code: 'class-unbound',
        effect: 'info',
        message:
          'only a parent or orchestrator writes guidance, and nothing binds this writer (no BATON_ROLE, no approval): it loads as observation',
        line: m.lines.class,
        field: 'class',
      });
    }
  },
};

const expiry: GovernanceRule = {
  id: 'expiry',
  check({ read, now, flatChecked }, state, add) {
    const m = read.manifest;
    if (!m.expiresAt || Date.parse(m.expiresAt) > now.getTime()) return;
    state.expired = true;
    state.effectiveClass = 'observation';
    // validate reports a handoff's own expires_at as STALE already.
    if (m.source !== 'manifest' && flatChecked) return;
    add({
      code: 'manifest-expired',
      effect: 'info',
      message: `expired at ${m.expiresAt}: it loads as observation${m.class === 'observation' ? '' : `, not ${m.class}`}`,
      line: m.lines.expires_at,
      field: 'expires_at',
    });
  },
};

const bindingClaim: GovernanceRule = {
  id: 'binding-claim',
  check({ read }, state, add) {
    const m = read.manifest;
    if (m.binding !== true) return;
    if (isBindingClass(m.class) && state.approvedBy) return;
    add({
      code: 'binding-unapproved',
      effect: 'info',
      message: isBindingClass(m.class)
        ? 'it says `binding: true`, but it is not approved: it loads as advisory'
        : `it says \`binding: true\`, but a ${m.class} never binds (only approved policy and constitution do)`,
      line: m.lines.binding,
      field: 'binding',
    });
  },
};

const injection: GovernanceRule = {
  id: 'injection',
  check({ scan }, _state, add) {
    for (const f of scan.findings) {
      add({
        code: `injection-${f.rule}`,
        effect: f.severity === 'high' ? 'quarantine' : 'info',
        message: `injection risk (${f.severity}, ${f.rule}): "${f.excerpt}"${f.detail ? ` (${f.detail})` : ''}`,
        line: f.line,
        severity: f.severity,
      });
    }
    if (scan.omitted > 0) {
      add({
        code: 'injection-more',
        effect: 'info',
        message: `${scan.omitted} more injection-risk finding(s) of the same rules are not listed`,
      });
    }
  },
};

const CODES = new Set([
  'manifest-value',
  'manifest-unknown-key',
  'manifest-content-hash',
  'approval-unsigned',
  'signature-untrusted',
  'signature-proposed',
  'signature-trusted',
  'manifest-duplicate',
  'signature-invalid',
  'signature-mismatch',
  'approval-without-hash',
  'approval-required',
  'role-unknown',
  'class-forbidden',
  'class-unbound',
  'manifest-expired',
  'binding-unapproved',
]);

/** True for the codes of governance findings (as validate reports them). */
export function isGovernanceCode(code: string): boolean {
  return code.startsWith('injection-') || CODES.has(code);
}

/** The rules, in the order they run (signature before the rules that need to know approval). */
export const GOVERNANCE_RULES: readonly GovernanceRule[] = [
  manifestValues,
  contentHash,
  signature,
  approvalRequired,
  writerRole,
  expiry,
  bindingClaim,
  injection,
];
