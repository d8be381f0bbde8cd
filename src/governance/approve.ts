/**
 * `approve`: a key holder signs an artifact exactly as it is. The `context_manifest` block gets
 * `content_hash` (of the text after the front matter), `approved_by` and `signature`; nothing
 * else in the file changes. A file without front matter gets one; a manifest is created from
 * the file's own fields when it has none.
 */
import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { bodyOffsetOf, readFrontMatter, renderBlock, splitLines } from '../formats/index.js';
import { contentHash } from '../handoff/hash.js';
import type { ArtifactClass } from '../handoff/types.js';
import { newUlid } from '../handoff/ulid.js';
import { ARTIFACT_CLASSES, HANDOFF_SCHEMA, nowRfc3339 } from '../handoff/values.js';
import { BINDING_CLASSES, isArtifactClass } from './classes.js';
import { batonHome, loadPrivateKey, type TrustedKeys } from './keys.js';
import { duplicateGovernanceKeys, readManifest } from './manifest.js';
import { assertPerson } from './person.js';
import { approvalStatement, signStatement, verifySignature } from './signature.js';

/** Options of `approveText` and `approveFile`. */
export interface ApproveOptions {
  /** The name of the signing key (its private key is in `$BATON_HOME/keys/<name>.key`). */
  keyId: string;
  /** Set the class while approving (the approver decides it, e.g. `policy`). */
  class?: ArtifactClass;
  /** When the text was approved (default now); written as `approved_at`. */
  now?: Date;
}

/** What was approved. */
export interface ApproveResult {
  text: string;
  artifactId: string;
  class: ArtifactClass;
  contentHash: string;
  signature: string;
}

/** Returns `text` approved by `key`; refuses text that changed after it was written. */
export async function approveText(
  text: string,
  key: KeyObject,
  options: ApproveOptions,
): Promise<ApproveResult> {
  if (options.class !== undefined && !isArtifactClass(options.class)) {
    throw new UserError('USAGE', `unknown class "${String(options.class)}"`);
  }
  const bom = text.startsWith('\ufeff') ? '\ufeff' : '';
  const source = text.slice(bom.length);
  const eol = /^[^\n]*\r\n/.test(source) ? '\r\n' : '\n';
  const lines = splitLines(source);
  const fm = readFrontMatter(lines).frontMatter;
  const raw = Buffer.from(text);
  const body = fm ? raw.subarray(bodyOffsetOf(text)) : Buffer.from(source);
  const hash = contentHash(body);
  const flat = fm?.values ?? new Map<string, string>();
  await refuseUnapprovable(text, flat.get('content_hash'), hash);
  const block = fm?.blocks.get('context_manifest');
  const manifest = block ? await parseBlock(block.text) : fromFlat(flat);
  if (options.class) manifest.class = options.class;
  else if (manifest.class === undefined) throw classMissing();
  if (!isArtifactClass(manifest.class)) {
    throw new UserError(
      'APPROVAL_REFUSED',
      `the manifest's class ${JSON.stringify(manifest.class)} is not one baton knows`,
    );
  }
  const now = options.now ?? new Date();
  manifest.artifact_id ??= newUlid(now.getTime());
  delete manifest.signature;
  manifest.approved_by = options.keyId;
  manifest.approved_at = nowRfc3339(now);
  manifest.content_hash = hash;
  const signature = await signStatement(approvalStatement(manifest), options.keyId, key);
  const { stringify } = await import('yaml');
  const yamlText = stringify({ ...manifest, signature }, { lineWidth: 0 }).trimEnd();
  const blockLines = renderBlock('context_manifest', yamlText);
  let out: string[];
  if (!fm) out = ['---', ...blockLines, '---'];
  else if (block)
    out = [...lines.slice(0, block.line - 1), ...blockLines, ...lines.slice(block.endLine, fm.closeLine)];
  else out = [...lines.slice(0, fm.closeLine - 1), ...blockLines, lines[fm.closeLine - 1] as string];
  const head = out.join(eol) + eol;
  const result = bom + head + (fm ? Buffer.from(body).toString('utf8') : source);
  await selfCheck(result, key, options.keyId);
  return {
    text: result,
    artifactId: String(manifest.artifact_id),
    class: manifest.class as ArtifactClass,
    contentHash: hash,
    signature,
  };
}

// Text that cannot be approved as it is: changed since it was written, a manifest written twice,
// or an injection a loader quarantines whatever its approval.
async function refuseUnapprovable(text: string, flatHash: string | undefined, hash: string): Promise<void> {
  if (flatHash && flatHash !== hash) {
    throw new UserError(
      'APPROVAL_REFUSED',
      'the text changed after it was written: its content_hash does not match',
      {
        hint: 'approval covers exact text; write it again with `baton write`, or review and remove content_hash first',
      },
    );
  }
  const [twice] = duplicateGovernanceKeys(text);
  if (twice) {
    throw new UserError(
      'APPROVAL_REFUSED',
      `\`${twice.key}\` appears ${twice.lines.length} times in the front matter (lines ${twice.lines.join(', ')}): one manifest per artifact`,
      { hint: 'remove the extra copy, review what is left, then approve' },
    );
  }
  const { scanText } = await import('./scan/scan.js');
  const risky = scanText(text).findings.filter((f) => f.severity === 'high');
  if (risky.length > 0) {
    const first = risky[0] as (typeof risky)[number];
    throw new UserError(
      'APPROVAL_REFUSED',
      `the text has ${risky.length} high-severity injection finding(s), first at line ${first.line} (${first.rule}): "${first.excerpt}"`,
      {
        hint: 'a loader quarantines it whatever its approval; fix the text first (`baton context <file>` lists them)',
      },
    );
  }
}

// Approving a file that names no class used to sign it as `observation`, which never binds.
function classMissing(): UserError {
  return new UserError(
    'USAGE',
    `the file names no class: give --class <class>, one of ${ARTIFACT_CLASSES.join(', ')} (only ${BINDING_CLASSES.join(' and ')} bind)`,
    { hint: 'a policy the agents must follow: --class policy' },
  );
}

/**
 * What is left to do before an approved artifact binds, in one line; undefined when it binds now.
 * Only `policy` and `constitution` bind, and only under a key a trust root vouches for.
 */
export async function bindingNextStep(
  path: string,
  result: Pick<ApproveResult, 'class'>,
  options: { root: string; keyId: string; home?: string },
): Promise<string | undefined> {
  if (!BINDING_CLASSES.includes(result.class)) {
    return `class ${result.class} never binds (only ${BINDING_CLASSES.join(' and ')} do): approve again with --class policy if the agents must follow it`;
  }
  const { loadContext } = await import('./context.js');
  const bundle = await loadContext({
    root: options.root,
    paths: [path],
    ...(options.home ? { home: options.home } : {}),
  });
  if (bundle.artifacts.some((a) => a.label === 'binding')) return undefined;
  const home = options.home ?? batonHome();
  return `it binds once the key "${options.keyId}" is trusted: commit .baton/trusted-keys/${options.keyId}.pub and merge it into the base ref, or trust it on this machine with \`baton keys trust ${join(home, 'keys', `${options.keyId}.pub`)}\``;
}

/** Options of `approveFile`. */
export interface ApproveFileOptions extends ApproveOptions {
  /** baton's per-user folder holding the private key (default `$BATON_HOME`). */
  home?: string;
  /** The environment whose `BATON_ROLE` is checked (default `process.env`): agents do not approve. */
  env?: NodeJS.ProcessEnv;
}

/** Approves the file at `path` in place (written atomically); refused for an agent. */
export async function approveFile(path: string, options: ApproveFileOptions): Promise<ApproveResult> {
  assertPerson('approve', options.env);
  let text: string;
  try {
    const bytes = readFileSync(path);
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError('FILE_NOT_FOUND', `no such file: ${path}`);
    if (code === 'EISDIR')
      throw new UserError('FILE_IS_DIRECTORY', `${path} is a folder; approve one file at a time`);
    if (error instanceof TypeError) throw new UserError('FILE_NOT_UTF8', `${path} is not UTF-8 text`);
    throw error;
  }
  const key = await loadPrivateKey(options.keyId, options.home ?? batonHome());
  const result = await approveText(text, key, options);
  const { writeFileAtomic } = await import('../fs/atomic.js');
  writeFileAtomic(path, result.text);
  return result;
}

/**
 * A manifest's YAML text without `approved_by`, `approved_at`, `content_hash` and `signature`
 * (the same text when it has none of them, or cannot be read: validation then says why).
 */
export async function withoutApproval(manifestText: string): Promise<string> {
  const { parseDocument, isMap, stringify } = await import('yaml');
  const doc = parseDocument(manifestText, { schema: 'core', uniqueKeys: true });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return manifestText;
  const value = doc.toJS({ maxAliasCount: 16 }) as Record<string, unknown>;
  const keys = ['approved_by', 'approved_at', 'content_hash', 'signature'];
  if (!keys.some((k) => k in value)) return manifestText;
  for (const k of keys) delete value[k];
  return Object.keys(value).length === 0 ? manifestText : stringify(value, { lineWidth: 0 }).trimEnd();
}

type ManifestObject = Record<string, unknown> & { class?: unknown; artifact_id?: unknown };

async function parseBlock(text: string): Promise<ManifestObject> {
  const { parseDocument, isMap } = await import('yaml');
  const doc = parseDocument(text, { schema: 'core', uniqueKeys: true });
  if (doc.errors.length > 0 || !isMap(doc.contents)) {
    throw new UserError(
      'APPROVAL_REFUSED',
      'the context_manifest is not a valid YAML mapping; fix it before approving',
      {
        hint: doc.errors[0]?.message.split('\n')[0],
      },
    );
  }
  return doc.toJS({ maxAliasCount: 16 }) as ManifestObject;
}

// A manifest made from a file's own front matter fields (a handoff's id, class, from, head…).
function fromFlat(flat: ReadonlyMap<string, string>): ManifestObject {
  const handoff = flat.get('schema') === HANDOFF_SCHEMA;
  const m: ManifestObject = {};
  const copy = (to: string, from: string) => {
    const v = flat.get(from);
    if (v !== undefined) m[to] = v;
  };
  copy('artifact_id', 'id');
  // A handoff is an operational handoff by what it is; anything else says its class or is asked.
  const cls = flat.get('class') ?? (handoff ? 'operational_handoff' : undefined);
  if (cls !== undefined) m.class = cls;
  copy('author', 'from');
  copy('source_commit', 'head');
  copy('created_at', 'created_at');
  copy('expires_at', 'expires_at');
  return m;
}

// What was written must verify as written: read it back as any reader will.
async function selfCheck(text: string, key: KeyObject, keyId: string): Promise<void> {
  const { createPublicKey } = await import('node:crypto');
  const fm = readFrontMatter(splitLines(text.replace(/^\ufeff/, ''))).frontMatter;
  const block = fm?.blocks.get('context_manifest');
  const read = await readManifest({
    flat: {},
    flatLines: {},
    manifestText: block?.text ?? '',
    defaultClass: 'observation',
  });
  const m = read.manifest;
  const body = Buffer.from(text).subarray(bodyOffsetOf(text));
  const signer = { name: keyId, path: '', key: createPublicKey(key), fingerprint: '' };
  const trusted: TrustedKeys = {
    roots: ['the signing key'],
    keys: new Map([[keyId, { ...signer, root: 'user', trustedBy: 'the signing key' }]]),
    proposed: new Map(),
    problems: [],
  };
  const check = m.signature
    ? await verifySignature(approvalStatement(m.signed), m.signature, trusted)
    : undefined;
  if (read.problems.length > 0 || m.contentHash !== contentHash(body) || check?.status !== 'valid') {
    throw new Error('the approved text does not verify when read back');
  }
}
