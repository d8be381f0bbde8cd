/**
 * Trust roots: the public keys whose signatures bind. Two roots only, neither of which an agent
 * writes through baton: (a) the keys committed under `.baton/trusted-keys/` in the tree of the
 * reviewed base ref (`origin/main` …), read with git, never from the work tree; (b) the user's
 * own trust store, `$BATON_HOME/trusted-keys/`, written by `baton keys trust`. A key that is only
 * in the work tree, or only on an unmerged branch, is *proposed*: listed, and binds nothing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { UserError } from '../errors.js';
import { findRepositoryRoot } from '../provenance/discover.js';
import type { GitAnswers } from '../provenance/index.js';
import {
  batonHome,
  loadTrustedKeys,
  readKeyFolder,
  readPublicKey,
  TRUSTED_KEYS_DIR,
  type TrustedKeys,
} from './keys.js';
import { assertPerson } from './person.js';

/** The user's trust store, under `$BATON_HOME`. */
export const TRUST_STORE_DIR = 'trusted-keys';

/** Options of `loadTrustRoots`. */
export interface TrustRootOptions {
  /** baton's per-user folder (default `batonHome()`); its `trusted-keys/` is the user's store. */
  home?: string;
  /** A folder to use as the user's trust store instead of `<home>/trusted-keys`. */
  userStore?: string;
  /** A long-lived process's git answers: the base ref's keys are read once per commit, off the event loop. */
  gitAnswers?: GitAnswers;
}

/**
 * The keys trusted for the repository at `root` (or a folder outside any repository): the base
 * ref's committed keys, then the user's store; and the work tree's keys that neither root has,
 * as proposals. Starts two git processes inside a repository with a base ref, none otherwise.
 */
export async function loadTrustRoots(root: string, options: TrustRootOptions = {}): Promise<TrustedKeys> {
  const store = options.userStore ?? join(options.home ?? batonHome(), TRUST_STORE_DIR);
  const out: TrustedKeys = { roots: [], keys: new Map(), proposed: new Map(), problems: [] };
  await addBaseRef(root, out, options.gitAnswers);
  const user = await loadTrustedKeys(store, 'user', `your trust store (${store})`);
  out.roots.push(...user.roots);
  out.problems.push(...user.problems);
  for (const [name, k] of user.keys) {
    const committed = out.keys.get(name);
    if (!committed) out.keys.set(name, k);
    else if (committed.fingerprint !== k.fingerprint)
      out.problems.push({
        path: k.path,
        message: `a different key named "${name}" is trusted by ${committed.trustedBy}, which is used`,
      });
  }
  const reported = new Set(out.problems.map((p) => basename(p.path)));
  for (const { path, read } of await readKeyFolder(join(root, TRUSTED_KEYS_DIR))) {
    if ('problem' in read) {
      if (!reported.has(basename(path))) out.problems.push({ path, message: read.problem });
      continue;
    }
    const trusted = out.keys.get(read.name);
    if (trusted?.fingerprint === read.fingerprint) continue;
    const why = trusted
      ? `it differs from the key "${read.name}" trusted by ${trusted.trustedBy}: an edit that was not merged`
      : `it is in the work tree but not trusted by ${out.roots.join(' or ')} (uncommitted, or on a branch not merged yet)`;
    out.proposed.set(read.name, { ...read, path, why });
  }
  return out;
}

async function addBaseRef(root: string, out: TrustedKeys, answers: GitAnswers | undefined): Promise<void> {
  const { readFolderAtRef, reviewedBaseRef } = await import('../provenance/tree.js');
  const ref = reviewedBaseRef(root);
  // Outside a repository only the user's store can trust a key: nothing to say about it.
  if (!ref && !findRepositoryRoot(root)) return;
  if (!ref) {
    out.problems.push({
      path: TRUSTED_KEYS_DIR,
      message: 'no reviewed base ref (no origin/HEAD, upstream or main branch): no committed key is trusted',
    });
    return;
  }
  const folder = answers
    ? await answers.folderAtRef(root, ref, TRUSTED_KEYS_DIR)
    : readFolderAtRef(root, ref, TRUSTED_KEYS_DIR);
  if (!folder) {
    out.problems.push({
      path: TRUSTED_KEYS_DIR,
      message: `could not read ${ref} with git: no committed key is trusted`,
    });
    return;
  }
  const trustedBy = `${ref} (${folder.commit.slice(0, 7)})`;
  out.roots.push(trustedBy);
  for (const file of folder.files) {
    const name = basename(file.path);
    if (!name.endsWith('.pub')) continue;
    const path = `${ref}:${file.path}`;
    const read = await readPublicKey(name, file.bytes);
    if ('problem' in read) out.problems.push({ path, message: read.problem });
    else out.keys.set(read.name, { ...read, path, root: 'base-ref', trustedBy });
  }
}

/** What `trustKey` did. */
export interface TrustKeyResult {
  name: string;
  fingerprint: string;
  path: string;
  /** False when the same key was already trusted under that name. */
  added: boolean;
}

/**
 * Adds the public key in `file` to the user's trust store as `<name>.pub` (the file's name by
 * default). Refused for an agent (`BATON_ROLE` child or sibling), for a file that is not an
 * ed25519 public key, and when another key already has the name.
 */
export async function trustKey(
  file: string,
  options: { home?: string; name?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<TrustKeyResult> {
  assertPerson('keys trust', options.env);
  const name = options.name ?? basename(file).replace(/\.pub$/, '');
  let pem: Buffer;
  try {
    pem = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') throw new UserError('FILE_IS_DIRECTORY', `${file} is a folder; give a .pub file`);
    throw new UserError('FILE_NOT_FOUND', `cannot read ${file} (${code ?? 'error'})`);
  }
  const read = await readPublicKey(`${name}.pub`, pem);
  if ('problem' in read) throw new UserError('KEY_INVALID', `${file}: ${read.problem}`);
  const dir = join(options.home ?? batonHome(), TRUST_STORE_DIR);
  const path = join(dir, `${name}.pub`);
  if (existsSync(path)) {
    const existing = await readPublicKey(`${name}.pub`, readFileSync(path));
    if (!('problem' in existing) && existing.fingerprint === read.fingerprint)
      return { name, fingerprint: read.fingerprint, path, added: false };
    throw new UserError('KEY_EXISTS', `your trust store already has another key named "${name}" (${path})`, {
      hint: 'give it another name with --name, or remove the old file first',
    });
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(path, read.key.export({ type: 'spki', format: 'pem' }) as string, {
    mode: 0o644,
    flag: 'wx',
  });
  return { name, fingerprint: read.fingerprint, path, added: true };
}
