/**
 * The boot loader: reads every boot artifact, judges each (manifest, hash, signature, classes,
 * expiry, injection scan), applies supersession across them, and returns the context bundle:
 * each artifact labelled binding, advisory or quarantined, with its reasons and provenance.
 */

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { bodyOffsetOf, readFrontMatter, splitLines } from '../formats/index.js';
import type { FindingCode } from '../handoff/finding.js';
import { HANDOFF_SCHEMA } from '../handoff/values.js';
import type { GitAnswers } from '../provenance/index.js';
import { discoverBootFiles, displayPath } from './boot-paths.js';
import { type JudgeInput, type Judgement, judgeArtifact } from './judge.js';
import type { TrustedKeys } from './keys.js';
import { FLAT_FIELDS, type FlatField } from './manifest.js';
import { applySupersession } from './supersession.js';
import { loadTrustRoots } from './trust.js';
import type { ContextArtifact, ContextBundle, Label } from './types.js';

export type { ContextArtifact, ContextBundle } from './types.js';

/** Boot artifacts larger than this are quarantined: they cannot be meant for a context window. */
export const BOOT_CAP_BYTES = 1024 * 1024;
/** Files larger than this are not even read. */
const READ_CAP_BYTES = 16 * 1024 * 1024;

/** Options of `loadContext`. */
export interface LoadContextOptions {
  /** The repository root (or the folder the boot paths are relative to). */
  root: string;
  /** Files or folders to load instead of the boot paths. */
  paths?: readonly string[];
  /** The time expiry is judged at (default now). */
  now?: Date;
  /**
   * The user's trust store (default `$BATON_HOME/trusted-keys`). Keys committed on the reviewed
   * base ref are trusted besides; the work tree's own keys never are (they are proposed).
   */
  trustedKeysDir?: string;
  /** baton's per-user folder (default `batonHome()`). */
  home?: string;
  /** Per-artifact size cap in bytes (default `BOOT_CAP_BYTES`). */
  bootCap?: number;
  /** A long-lived process's git answers: the base ref's keys are read once per commit, off the event loop. */
  gitAnswers?: GitAnswers;
}

interface Loaded {
  artifact: ContextArtifact;
  judgement?: Judgement;
  line?: number;
}

/** Loads the boot context of `root` (or the given paths) and judges every artifact. */
export async function loadContext(options: LoadContextOptions): Promise<ContextBundle> {
  const root = options.root;
  const { files, problems, outside } = discoverBootFiles(root, options.paths);
  let keys: Promise<TrustedKeys> | undefined;
  const trustedKeys = () => {
    keys ??= loadTrustRoots(root, {
      ...(options.home ? { home: options.home } : {}),
      ...(options.trustedKeysDir ? { userStore: options.trustedKeysDir } : {}),
      ...(options.gitAnswers ? { gitAnswers: options.gitAnswers } : {}),
    });
    return keys;
  };
  const { contentHash } = await import('../handoff/hash.js');
  const loaded: Loaded[] = [];
  for (const file of files) loaded.push(await loadOne(file, root, options, trustedKeys, contentHash));
  for (const o of outside) {
    const where = o.reason === 'git' ? "inside git's own folder" : 'outside the repository';
    const message = `resolves to ${o.target}, ${where}: not read (boot context reads only the repository's files)`;
    loaded.push(refused(o.path, 'outside-repository', message, 0));
  }
  const order = applySupersession(
    loaded.map(({ artifact, judgement, line }) => ({
      id: artifact.id,
      supersedes: artifact.supersedes,
      label: artifact.label,
      approvedBy: judgement?.approvedBy,
      line,
    })),
  );
  loaded.forEach(({ artifact }, i) => {
    artifact.findings.push(...(order.findings[i] ?? []));
    artifact.supersededBy = order.supersededBy[i] ?? [];
    const current = order.current[i];
    if (artifact.supersededBy.length === 0) return;
    if (current) artifact.current = current;
    const by = `superseded by ${artifact.supersededBy.join(', ')}${current && !artifact.supersededBy.includes(current) ? ` (current: ${current})` : ''}`;
    artifact.findings.push({ rule: 'supersession', code: 'superseded', effect: 'info', message: by });
    if (artifact.label === 'binding') {
      artifact.label = 'advisory';
      artifact.reasons = [`${by}: kept as a record, no longer binding`];
    } else if (artifact.label === 'advisory') artifact.reasons.unshift(by);
  });
  const trusted = await trustedKeys();
  for (const p of trusted.problems) problems.push(`${displayPath(root, p.path)}: ${p.message}`);
  const rank: Record<Label, number> = { binding: 0, advisory: 1, quarantined: 2 };
  const artifacts = loaded.map((l) => l.artifact).sort((a, b) => rank[a.label] - rank[b.label]);
  const counts: Record<Label, number> = { binding: 0, advisory: 0, quarantined: 0 };
  for (const a of artifacts) counts[a.label]++;
  return {
    root,
    counts,
    trustedKeys: [...trusted.keys.values()].map((k) => ({
      name: k.name,
      fingerprint: k.fingerprint,
      root: k.root,
      trustedBy: k.trustedBy,
    })),
    proposedKeys: [...trusted.proposed.values()].map((k) => ({
      name: k.name,
      fingerprint: k.fingerprint,
      path: displayPath(root, k.path),
      why: k.why,
    })),
    problems,
    artifacts,
  };
}

async function loadOne(
  file: string,
  root: string,
  options: LoadContextOptions,
  trustedKeys: () => Promise<TrustedKeys>,
  contentHash: (b: Uint8Array) => string,
): Promise<Loaded> {
  const path = displayPath(root, file);
  const refuse = (code: FindingCode, message: string, bytes: number) => refused(path, code, message, bytes);
  const read = readCapped(file);
  if ('error' in read) return refuse('unreadable', `cannot be read: ${read.error}`, 0);
  if (read.bytes === undefined) {
    return refuse(
      'too-large',
      `${read.size} bytes: far over the ${options.bootCap ?? BOOT_CAP_BYTES}-byte cap, not read`,
      read.size,
    );
  }
  const raw = read.bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return refuse('not-utf8', 'not UTF-8 text (a binary file?)', raw.length);
  }
  const input = judgeInputOf(text, raw);
  const judgement = await judgeArtifact(input, { now: options.now ?? new Date(), trustedKeys });
  const cap = options.bootCap ?? BOOT_CAP_BYTES;
  if (raw.length > cap) {
    judgement.findings.push({
      rule: 'read',
      code: 'too-large',
      effect: 'quarantine',
      message: `${raw.length} bytes, over the ${cap}-byte cap for a boot artifact`,
    });
    judgement.label = 'quarantined';
  }
  const m = judgement.manifest;
  const body = raw.subarray(bodyOffsetOf(text));
  const artifact: ContextArtifact = {
    path,
    label: judgement.label,
    class: judgement.effectiveClass,
    supersedes: [...m.supersedes],
    supersededBy: [],
    reasons: reasonsOf(judgement),
    findings: judgement.findings,
    bytes: raw.length,
    sha256: judgement.bodyHash ?? contentHash(body),
  };
  if (m.classDeclared) artifact.declaredClass = m.class;
  if (m.artifactId) artifact.id = m.artifactId;
  if (m.author) artifact.author = m.author;
  if (m.sourceCommit) artifact.sourceCommit = m.sourceCommit;
  if (judgement.approvedBy) artifact.approvedBy = judgement.approvedBy;
  if (judgement.approverFingerprint) artifact.approverFingerprint = judgement.approverFingerprint;
  if (judgement.approverTrustedBy) artifact.approverTrustedBy = judgement.approverTrustedBy;
  if (m.expiresAt) artifact.expiresAt = m.expiresAt;
  if (judgement.label !== 'quarantined') artifact.text = Buffer.from(body).toString('utf8');
  return { artifact, judgement, line: m.lines.supersedes };
}

// An artifact refused before it was judged (unreadable, too large, outside the repository).
function refused(path: string, code: FindingCode, message: string, bytes: number): Loaded {
  return {
    artifact: {
      path,
      label: 'quarantined',
      class: 'observation',
      supersedes: [],
      supersededBy: [],
      reasons: [message],
      findings: [{ rule: 'read', code, effect: 'quarantine', message }],
      bytes,
    },
  };
}

/** The judge's view of a file: its front matter fields, manifest block and body. */
export function judgeInputOf(text: string, raw: Uint8Array): JudgeInput {
  const fm = readFrontMatter(splitLines(text.replace(/^\ufeff/, ''))).frontMatter;
  const flat: Partial<Record<FlatField, string>> = {};
  const flatLines: Record<string, number> = {};
  for (const entry of fm?.entries ?? []) {
    if ((FLAT_FIELDS as readonly string[]).includes(entry.key)) {
      flat[entry.key as FlatField] = entry.value;
      flatLines[entry.key] = entry.line;
    }
  }
  const block = fm?.blocks.get('context_manifest');
  const input: JudgeInput = {
    text,
    body: () => raw.subarray(bodyOffsetOf(text)),
    flat,
    flatLines,
    defaultClass: fm?.values.get('schema') === HANDOFF_SCHEMA ? 'operational_handoff' : 'observation',
  };
  if (block) {
    input.manifestText = block.text;
    input.manifestFirstLine = block.endLine === block.line ? block.line : block.line + 1;
  }
  return input;
}

function reasonsOf(j: Judgement): string[] {
  if (j.label === 'quarantined') {
    return j.findings
      .filter((f) => f.effect !== 'info')
      .map((f) => (f.line ? `line ${f.line}: ${f.message}` : f.message));
  }
  const m = j.manifest;
  if (j.label === 'binding') {
    return [
      `approved ${m.class}: the signature of "${j.approvedBy}" (${j.approverFingerprint}, trusted by ${j.approverTrustedBy}) verifies over this exact text`,
    ];
  }
  const reasons: string[] = [];
  if (j.expired) reasons.push(`expired at ${m.expiresAt}: loads as observation`);
  if (j.approvedBy) {
    if (m.binding === false) reasons.push(`approved by "${j.approvedBy}", and marked \`binding: false\``);
    else
      reasons.push(`approved by "${j.approvedBy}"; a ${m.class} advises, only policy and constitution bind`);
  } else {
    const unbound = j.findings.find((f) => f.code === 'class-unbound');
    if (unbound) reasons.push(unbound.message);
    reasons.push(
      `not approved: agent-written material is advisory, never binding${m.author ? '' : ' (author unknown)'}`,
    );
  }
  return reasons;
}

type Capped = { bytes: Uint8Array; size: number } | { bytes: undefined; size: number } | { error: string };

function readCapped(path: string): Capped {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    return { error: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  try {
    const size = fstatSync(fd).size;
    if (size > READ_CAP_BYTES) return { bytes: undefined, size };
    const buf = Buffer.allocUnsafe(size);
    let n = 0;
    while (n < size) {
      const got = readSync(fd, buf, n, size - n, n);
      if (got === 0) break;
      n += got;
    }
    return { bytes: buf.subarray(0, n), size: n };
  } catch (error) {
    return { error: (error as NodeJS.ErrnoException).code ?? String(error) };
  } finally {
    closeSync(fd);
  }
}
