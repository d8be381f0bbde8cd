/**
 * Governance findings of a validated artifact (FORMATS.md §5): the injection-risk scan always;
 * the manifest, signature, class and expiry rules through the same judge `baton context` uses.
 * A refusal is UNTRUSTED, a malformed manifest INVALID, everything else INFO.
 */

import { dirname } from 'node:path';
import type { CurrentRole } from '../governance/classes.js';
import type { FlatField } from '../governance/manifest.js';
import { type Finding, finding } from '../handoff/finding.js';
import { lazy } from '../lazy.js';
import { findRepositoryRoot } from '../provenance/discover.js';
import type { GitAnswers } from '../provenance/index.js';
import type { Subject } from './subject.js';

/** Options of `checkGovernance`. */
export interface GovernanceCheckOptions {
  path: string;
  now: Date;
  /** The writer's role (`BATON_ROLE` of the process that wrote or is validating its own work). */
  role?: CurrentRole;
  /** The user's trust store (default `$BATON_HOME/trusted-keys`); the base ref's keys count too. */
  trustedKeysDir?: string;
  /** A long-lived process's git answers (the base ref's keys read once per commit). */
  gitAnswers?: GitAnswers;
}

// Loaded on first use and kept: `await import()` of a loaded module still costs microseconds.
const judgeModule = lazy(() => import('../governance/judge.js'));

const VERDICT = { invalid: 'INVALID', quarantine: 'UNTRUSTED', info: 'INFO' } as const;

/** The governance findings of `subject`, whose text is given, and its bytes when asked for. */
export async function checkGovernance(
  subject: Subject,
  raw: () => Uint8Array,
  text: string,
  options: GovernanceCheckOptions,
): Promise<Finding[]> {
  const { judgeArtifact } = await judgeModule();
  const offset = subject.hasBody ? await subject.bodyOffset() : undefined;
  const judgement = await judgeArtifact(
    {
      text,
      body: offset === undefined ? undefined : () => raw().subarray(offset),
      flat: subject.flat as Partial<Record<FlatField, string>>,
      flatLines: subject.fieldLines,
      ...(subject.manifestText === undefined
        ? {}
        : { manifestText: subject.manifestText, manifestFirstLine: subject.manifestFirstLine }),
      defaultClass: 'operational_handoff',
    },
    {
      now: options.now,
      flatChecked: true,
      ...(options.role ? { writer: options.role } : {}),
      trustedKeys: async () => {
        // The reviewed base ref's keys and the user's trust store; never the work tree's.
        const { loadTrustRoots } = await import('../governance/trust.js');
        return loadTrustRoots(rootOf(options.path), {
          ...(options.trustedKeysDir ? { userStore: options.trustedKeysDir } : {}),
          ...(options.gitAnswers ? { gitAnswers: options.gitAnswers } : {}),
        });
      },
    },
  );
  return judgement.findings.map((f) => {
    const extra: Omit<Finding, 'verdict' | 'code' | 'message'> = {};
    if (f.line !== undefined) extra.line = f.line;
    if (f.field !== undefined) extra.field = f.field;
    if (f.saved !== undefined) extra.saved = f.saved;
    if (f.current !== undefined) extra.current = f.current;
    return finding(VERDICT[f.effect], f.code, f.message, extra);
  });
}

function rootOf(path: string): string {
  const dir = path === '<stdin>' ? process.cwd() : dirname(path);
  return findRepositoryRoot(dir) ?? dir;
}
