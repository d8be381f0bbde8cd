/** Which claims rest on something that changed, and why. */
import { isGlob, matchesPath } from '../glob/index.js';
import type { Claim } from './claims.js';

/** A claim to re-verify and the reason. */
export interface AffectedClaim extends Claim {
  reason: string;
}

/** What changed since the handoff was written. */
export interface Changes {
  /** Repository-relative paths changed by commits since the saved HEAD. */
  committed: string[];
  /** Repository-relative paths with uncommitted changes now. */
  uncommitted: string[];
  /** Set when what changed cannot be known (saved HEAD gone, or the handoff expired). */
  unknown?: string;
}

/** True when `changed` is the path `claimed` names: the same file, inside it, a glob match, or a suffix. */
export function touches(claimed: string, changed: string): boolean {
  const c = claimed.replace(/\/+$/, '');
  if (c === '' || c === '.') return true;
  if (changed === c || changed.startsWith(`${c}/`)) return true;
  if (isGlob(c)) return matchesPath(c, changed);
  return changed.endsWith(`/${c}`);
}

/**
 * The claims that rest on what changed: a claim naming a changed path; a command that names no
 * path (it runs against the whole tree) when anything changed; every claim when what changed
 * is unknown.
 */
export function affectedClaims(claims: readonly Claim[], changes: Changes): AffectedClaim[] {
  const changed = [...new Set([...changes.committed, ...changes.uncommitted])];
  const out: AffectedClaim[] = [];
  for (const claim of claims) {
    if (changes.unknown) {
      out.push({ ...claim, reason: changes.unknown });
      continue;
    }
    const hit = claim.paths.flatMap((p) => changed.filter((c) => touches(p, c)).slice(0, 1))[0];
    if (hit) {
      out.push({ ...claim, reason: `it names \`${hit}\`, which changed` });
    } else if (claim.command && claim.paths.length === 0 && changed.length > 0) {
      out.push({
        ...claim,
        reason: `\`${claim.command}\` runs against the whole tree, and ${changed.length} file(s) changed`,
      });
    }
  }
  return out;
}
