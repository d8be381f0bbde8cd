/**
 * Files as a ref has them, read with git (never from the work tree): what was merged, and so
 * reviewed. Governance trusts public keys from here. Two git processes: `ls-tree`, `cat-file`.
 */
import { readGitConfig } from './_config.js';
import { readSymref, refExists } from './_refs.js';
import { locateRepository } from './discover.js';
import { type GitSteps, runSteps } from './git.js';

/** One file of a folder at a ref. */
export interface FileAtRef {
  /** Path from the repository root, with `/`. */
  path: string;
  /** The blob's bytes; undefined when it is larger than the cap (not read). */
  bytes: Uint8Array | undefined;
  size: number;
}

/** A folder as a ref has it. */
export interface FolderAtRef {
  ref: string;
  /** The commit the ref points at. */
  commit: string;
  files: FileAtRef[];
}

/**
 * The ref whose tree holds what was reviewed, for the repository at `root`: origin's default
 * branch (`origin/HEAD`, else `origin/main` or `origin/master`), else the upstream of the
 * current branch, else the local default branch (`init.defaultBranch`, `main`, `master`).
 * Undefined outside a repository or when none exists. Read from files; no git process.
 */
export function reviewedBaseRef(root: string): string | undefined {
  const loc = locateRepository(root);
  if (!loc) return undefined;
  const { commonDir } = loc;
  const config = readGitConfig(commonDir, loc.gitDir);
  const originHead = readSymref(commonDir, 'refs/remotes/origin/HEAD');
  if (originHead?.startsWith('refs/remotes/')) return originHead.slice('refs/remotes/'.length);
  const defaults = [config.get('init.defaultbranch'), 'main', 'master'].filter((c): c is string => !!c);
  for (const name of defaults)
    if (refExists(commonDir, `refs/remotes/origin/${name}`)) return `origin/${name}`;
  const head = readSymref(loc.gitDir, 'HEAD');
  const branch = head?.startsWith('refs/heads/') ? head.slice('refs/heads/'.length) : undefined;
  const remote = branch && config.get(`branch.${branch}.remote`);
  const merge = branch && config.get(`branch.${branch}.merge`);
  if (remote && merge?.startsWith('refs/heads/')) {
    const name = merge.slice('refs/heads/'.length);
    if (remote === '.') {
      if (refExists(commonDir, merge)) return name;
    } else if (refExists(commonDir, `refs/remotes/${remote}/${name}`)) return `${remote}/${name}`;
  }
  for (const name of defaults) if (refExists(commonDir, `refs/heads/${name}`)) return name;
  return undefined;
}

/**
 * The files directly in `folder` (a path from the root, e.g. `.baton/trusted-keys`) at `ref`,
 * blobs over `maxBytes` listed but not read. Undefined when the ref does not exist or git fails.
 */
export function readFolderAtRef(
  root: string,
  ref: string,
  folder: string,
  options: FolderOptions = {},
): FolderAtRef | undefined {
  return runSteps(root, folderSteps(ref, folder, options));
}

/** Caps of `readFolderAtRef`. */
export interface FolderOptions {
  /** Blobs over this many bytes are listed, not read (default 64 KiB). */
  maxBytes?: number;
  /** At most this many files (default 256). */
  maxFiles?: number;
}

/** The git calls of `readFolderAtRef` and what is made of their answers. */
export function* folderSteps(
  ref: string,
  folder: string,
  options: FolderOptions,
): GitSteps<FolderAtRef | undefined> {
  if (ref.startsWith('-') || /[\0\n]/.test(ref)) return undefined;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  const maxFiles = options.maxFiles ?? 256;
  const dir = folder.replace(/\/+$/, '');
  const ls = yield { args: ['ls-tree', '-z', '-l', '--full-tree', '--end-of-options', ref, '--', `${dir}/`] };
  if (ls.status !== 0) return undefined;
  const entries: { path: string; oid: string; size: number }[] = [];
  for (const entry of ls.stdout.split('\0')) {
    const m = /^\d+ blob ([0-9a-f]+) +(\d+)\t(.*)$/s.exec(entry);
    if (m && entries.length < maxFiles)
      entries.push({ oid: m[1] as string, size: Number(m[2]), path: m[3] as string });
  }
  const wanted = entries.filter((e) => e.size <= maxBytes);
  // The ref's commit first, then each blob: one process, read back byte for byte.
  const cat = yield {
    args: ['cat-file', '--batch'],
    input: `${[`${ref}^{commit}`, ...wanted.map((e) => e.oid)].join('\n')}\n`,
    encoding: 'latin1',
  };
  if (cat.status !== 0) return undefined;
  const objects = parseBatch(Buffer.from(cat.stdout, 'latin1'));
  const commit = objects[0];
  if (commit?.type !== 'commit') return undefined;
  const byOid = new Map(objects.slice(1).map((o) => [o.oid, o.bytes]));
  return {
    ref,
    commit: commit.oid,
    files: entries.map((e) => ({ path: e.path, size: e.size, bytes: byOid.get(e.oid) })),
  };
}

// `<oid> <type> <size>\n<bytes>\n` for each object, `<name> missing\n` for one that is not there.
function parseBatch(out: Buffer): { oid: string; type: string; bytes: Uint8Array }[] {
  const objects: { oid: string; type: string; bytes: Uint8Array }[] = [];
  let at = 0;
  while (at < out.length) {
    const nl = out.indexOf(0x0a, at);
    if (nl < 0) break;
    const header = out.subarray(at, nl).toString('latin1').split(' ');
    at = nl + 1;
    if (header.length !== 3) continue;
    const size = Number(header[2]);
    objects.push({ oid: header[0] as string, type: header[1] as string, bytes: out.subarray(at, at + size) });
    at += size + 1;
  }
  return objects;
}
