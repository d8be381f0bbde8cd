/**
 * Compares saved provenance with current values (FORMATS.md §2): identity fields that differ
 * are MISMATCH, freshness fields STALE, a different work tree path only INFO.
 */
import { type Finding, finding } from '../handoff/finding.js';
import type { Provenance } from '../handoff/types.js';

/** Fields that say whether this is the same work. */
export const IDENTITY_FIELDS = ['repository', 'branch', 'base_ref'] as const;
/** Fields that say whether the work has moved on. */
export const FRESHNESS_FIELDS = ['head', 'base_commit', 'worktree_state'] as const;

/** A field compared by `compareProvenance`. */
export type ComparedField = (typeof IDENTITY_FIELDS)[number] | (typeof FRESHNESS_FIELDS)[number];

/** Current values and where each came from. */
export interface CurrentValues {
  /** Values read from git; a field left out has no value now (and differs from any saved one). */
  git?: Partial<Provenance>;
  /** Values given on the command line; they win over git and compare as exact strings. */
  flags?: Partial<Record<ComparedField, string>>;
}

/**
 * Compares saved anchors with current ones. With `git`, every field is compared and a missing
 * current value counts as different; without it only the flags given are compared (context-kit's
 * behaviour).
 */
export function compareProvenance(saved: Partial<Provenance>, current: CurrentValues): Finding[] {
  const findings: Finding[] = [];
  const check = (field: ComparedField, level: 'MISMATCH' | 'STALE') => {
    const flag = current.flags?.[field];
    let now: string | undefined;
    let same: boolean;
    if (flag !== undefined) {
      now = flag;
      same = saved[field] === flag;
    } else if (current.git) {
      now = current.git[field];
      same = sameValue(field, saved[field], now);
    } else {
      return;
    }
    if (!same) {
      findings.push(
        finding(level, `${field}-${level === 'MISMATCH' ? 'differs' : 'moved'}`, describe(field, level), {
          field,
          saved: saved[field] ?? '(none)',
          current: now ?? '(none)',
        }),
      );
    }
  };
  for (const field of IDENTITY_FIELDS) check(field, 'MISMATCH');
  for (const field of FRESHNESS_FIELDS) check(field, 'STALE');
  const savedTree = saved.worktree;
  const nowTree = current.git?.worktree;
  if (current.git && savedTree && nowTree && savedTree !== nowTree) {
    findings.push(
      finding('INFO', 'worktree-path', 'a different work tree path is informational when identity matches', {
        field: 'worktree',
        saved: savedTree,
        current: nowTree,
      }),
    );
  }
  return findings;
}

// Commit ids read from git are full; a saved one may be abbreviated (context-kit allows 7+).
function sameValue(field: ComparedField, saved: string | undefined, now: string | undefined): boolean {
  if (saved === undefined || now === undefined) return false;
  if (field === 'head' || field === 'base_commit') {
    const s = saved.toLowerCase();
    const n = now.toLowerCase();
    return s.length >= 7 && s.length <= n.length ? n.startsWith(s) : s === n;
  }
  return saved === now;
}

function describe(field: ComparedField, level: 'MISMATCH' | 'STALE'): string {
  if (level === 'MISMATCH') return `${field} differs: not the same work, do not resume from it`;
  if (field === 'head') return 'HEAD has moved since the handoff was written';
  if (field === 'base_commit') return 'the base has moved since the handoff was written';
  return 'the work tree state has changed since the handoff was written';
}
