/**
 * Signatures: `ed25519:<key id>:<base64>` over an approval statement that covers the content hash
 * and every other manifest field, so that an approved text can be neither edited nor relabelled
 * (a signed `guidance` cannot be turned into `policy`, an expiry cannot be removed).
 */
import type { KeyObject } from 'node:crypto';
import { basename } from 'node:path';
import { canonicalJson } from '../handoff/canonical-json.js';
import type { TrustedKeys } from './keys.js';

export { canonicalJson };

/** The first line of every approval statement. */
export const APPROVAL_STATEMENT = 'baton/approval-v1';

/** The bytes a signature covers: the statement line, then the fields as canonical JSON. */
export function approvalStatement(signed: Record<string, unknown>): string {
  return `${APPROVAL_STATEMENT}\n${canonicalJson(signed)}`;
}

/** Signs a statement with a private key: the `signature` field's value. */
export async function signStatement(statement: string, keyId: string, key: KeyObject): Promise<string> {
  const { sign } = await import('node:crypto');
  return `ed25519:${keyId}:${sign(null, Buffer.from(statement), key).toString('base64')}`;
}

/** The outcome of checking a signature against the trusted keys. */
export type SignatureCheck =
  | { status: 'valid'; keyId: string; fingerprint: string; trustedBy: string }
  | { status: 'proposed'; keyId: string; fingerprint: string; reason: string }
  | { status: 'untrusted'; keyId: string; reason: string }
  | { status: 'invalid'; keyId: string; reason: string };

/** Checks `signature` (already shaped `ed25519:<id>:<base64>`) over `statement`. */
export async function verifySignature(
  statement: string,
  signature: string,
  trusted: TrustedKeys,
): Promise<SignatureCheck> {
  const [, keyId = '', encoded = ''] = signature.split(':');
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length !== 64 || bytes.toString('base64') !== encoded) {
    return {
      status: 'invalid',
      keyId,
      reason: `the signature is not the standard base64 of 64 bytes (${bytes.length} bytes decoded)`,
    };
  }
  const key = trusted.keys.get(keyId);
  const { verify } = await import('node:crypto');
  if (!key) {
    const proposed = trusted.proposed.get(keyId);
    if (proposed && verify(null, Buffer.from(statement), proposed.key, bytes)) {
      return {
        status: 'proposed',
        keyId,
        fingerprint: proposed.fingerprint,
        reason: `"${keyId}" (${proposed.fingerprint}) is only a proposed key: ${proposed.why}`,
      };
    }
    const broken = trusted.problems.find((p) => basename(p.path) === `${keyId}.pub`);
    return {
      status: 'untrusted',
      keyId,
      reason: broken
        ? `the trusted key file ${broken.path} is unusable: ${broken.message}`
        : `no key "${keyId}" is trusted by ${trusted.roots.join(' or ') || 'any trust root'}`,
    };
  }
  if (!verify(null, Buffer.from(statement), key.key, bytes)) {
    return {
      status: 'invalid',
      keyId,
      reason: `the signature does not match the text and manifest: they changed after "${keyId}" approved them, or it was not made by the key ${key.trustedBy} trusts`,
    };
  }
  return { status: 'valid', keyId, fingerprint: key.fingerprint, trustedBy: key.trustedBy };
}
