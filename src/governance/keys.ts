/**
 * ed25519 keys: a private key per person under `$BATON_HOME/keys/` (mode 0600), and the reading
 * of public key files (`<name>.pub`). Which public keys are trusted is `trust.ts`'s business.
 */
import type { KeyObject } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { KEY_ID_RE } from './manifest.js';
import { assertPerson } from './person.js';
import type { TrustRoot } from './types.js';

/** Where a repository's public keys live, relative to its root (trusted as the base ref has them). */
export const TRUSTED_KEYS_DIR = '.baton/trusted-keys';

/** baton's per-user folder: `$BATON_HOME`, else `~/.config/baton`. */
export function batonHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.BATON_HOME?.trim() || join(homedir(), '.config', 'baton');
}

/** What `generateKey` wrote. */
export interface GeneratedKey {
  name: string;
  privatePath: string;
  publicPath: string;
  /** The copy of the public key in the repository's trusted-keys folder, when one was written. */
  trustedPath?: string;
  fingerprint: string;
}

/** Options of `generateKey`. */
export interface GenerateKeyOptions {
  /** baton's per-user folder (default `batonHome()`). */
  home?: string;
  /** Also write the public key here (a repository's `.baton/trusted-keys`: a proposal to commit). */
  trustDir?: string;
  /** The environment whose `BATON_ROLE` is checked (default `process.env`): agents do not make keys. */
  env?: NodeJS.ProcessEnv;
}

/** Checks a key name; a bad one is a usage error. */
export function checkKeyName(name: string): void {
  if (!KEY_ID_RE.test(name)) {
    throw new UserError(
      'USAGE',
      `key name ${JSON.stringify(name)} must be 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
}

/** Generates an ed25519 key pair; refuses (writing nothing) for an agent or when the name is taken. */
export async function generateKey(name: string, options: GenerateKeyOptions = {}): Promise<GeneratedKey> {
  assertPerson('keys generate', options.env);
  checkKeyName(name);
  const dir = join(options.home ?? batonHome(), 'keys');
  const privatePath = join(dir, `${name}.key`);
  const publicPath = join(dir, `${name}.pub`);
  const trustedPath = options.trustDir ? join(options.trustDir, `${name}.pub`) : undefined;
  for (const path of [privatePath, publicPath, trustedPath]) {
    if (path && existsSync(path)) {
      throw new UserError('KEY_EXISTS', `a key named "${name}" already exists at ${path}`, {
        hint: 'choose another name; baton never overwrites a key',
      });
    }
  }
  const { generateKeyPairSync } = await import('node:crypto');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(privatePath, privatePem, { mode: 0o600, flag: 'wx' });
  chmodSync(privatePath, 0o600);
  writeFileSync(publicPath, publicPem, { mode: 0o644, flag: 'wx' });
  const out: GeneratedKey = { name, privatePath, publicPath, fingerprint: await fingerprintOf(publicKey) };
  if (trustedPath && options.trustDir) {
    mkdirSync(options.trustDir, { recursive: true });
    writeFileSync(trustedPath, publicPem, { mode: 0o644, flag: 'wx' });
    out.trustedPath = trustedPath;
  }
  return out;
}

/** Loads the private key `name` from baton's per-user folder. */
export async function loadPrivateKey(name: string, home: string = batonHome()): Promise<KeyObject> {
  checkKeyName(name);
  const path = join(home, 'keys', `${name}.key`);
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch {
    throw new UserError('KEY_NOT_FOUND', `no private key named "${name}" at ${path}`, {
      hint: `create one with \`baton keys generate ${name}\`, or set BATON_HOME to where your keys are`,
    });
  }
  const { createPrivateKey } = await import('node:crypto');
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`a ${key.asymmetricKeyType} key`);
    return key;
  } catch (error) {
    throw new UserError('KEY_INVALID', `${path} is not an ed25519 private key (${(error as Error).message})`);
  }
}

/** A public key trusted by the repository. */
export interface TrustedKey {
  name: string;
  /** Where it was read: a file, or `<ref>:<path>` for a key in a commit's tree. */
  path: string;
  key: KeyObject;
  fingerprint: string;
  /** Which trust root vouches for it: the reviewed base ref, or the user's own trust store. */
  root: TrustRoot;
  /** The root in words, e.g. `origin/main (3f2a9c0)` or `your trust store`. */
  trustedBy: string;
}

/** A key that is offered but trusted by no root: it binds nothing. */
export interface ProposedKey {
  name: string;
  path: string;
  key: KeyObject;
  fingerprint: string;
  /** Why it is not trusted, in words. */
  why: string;
}

/** The trusted keys of a repository, the proposed ones, and the key files that could not be used. */
export interface TrustedKeys {
  /** The roots that were read, in words (for messages). */
  roots: string[];
  keys: Map<string, TrustedKey>;
  proposed: Map<string, ProposedKey>;
  problems: { path: string; message: string }[];
}

/** A public key read from a file or a blob. */
export type PublicKeyRead = { name: string; key: KeyObject; fingerprint: string } | { problem: string };

/** Reads one `<name>.pub` (PEM, SPKI, ed25519); a problem in words when it cannot be used. */
export async function readPublicKey(
  file: string,
  pem: Uint8Array | string | undefined,
): Promise<PublicKeyRead> {
  const name = file.slice(0, -4);
  if (!KEY_ID_RE.test(name))
    return { problem: `"${name}" is not a valid key name, so the key is not trusted` };
  const { createPublicKey } = await import('node:crypto');
  try {
    if (pem === undefined || pem.length > 64 * 1024)
      throw new Error('the file is far too large to be a public key');
    const key = createPublicKey(typeof pem === 'string' ? pem : Buffer.from(pem).toString('utf8'));
    if (key.asymmetricKeyType !== 'ed25519')
      throw new Error(`it is a ${key.asymmetricKeyType} key, not ed25519`);
    return { name, key, fingerprint: await fingerprintOf(key) };
  } catch (error) {
    // OpenSSL's own wording differs between versions; baton says what it expected instead.
    const own = (error as { code?: string }).code === undefined;
    const why = own ? `: ${(error as Error).message}` : '';
    return { problem: `not a usable ed25519 public key (PEM, SPKI)${why}` };
  }
}

/** The keys of one folder on disk, each as read (`<name>.pub` files only, in name order). */
export async function readKeyFolder(dir: string): Promise<{ path: string; read: PublicKeyRead }[]> {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const out: { path: string; read: PublicKeyRead }[] = [];
  for (const file of names) {
    if (!file.endsWith('.pub')) continue;
    const path = join(dir, file);
    let pem: Buffer | undefined;
    try {
      pem = statSync(path).size > 64 * 1024 ? undefined : readFileSync(path);
    } catch {
      pem = undefined;
    }
    out.push({ path, read: await readPublicKey(file, pem) });
  }
  return out;
}

/**
 * Every `<name>.pub` in `dir`, trusted as root `root` (default: the user's trust store); a
 * malformed key is reported and left out, never fatal.
 */
export async function loadTrustedKeys(
  dir: string,
  root: TrustRoot = 'user',
  trustedBy = `the trust store ${dir}`,
): Promise<TrustedKeys> {
  const out: TrustedKeys = { roots: [trustedBy], keys: new Map(), proposed: new Map(), problems: [] };
  for (const { path, read } of await readKeyFolder(dir)) {
    if ('problem' in read) out.problems.push({ path, message: read.problem });
    else out.keys.set(read.name, { ...read, path, root, trustedBy });
  }
  return out;
}

/** `SHA256:<base64>` of the raw public key, as ssh shows fingerprints. */
export async function fingerprintOf(key: KeyObject): Promise<string> {
  const { createHash } = await import('node:crypto');
  const der = key.export({ type: 'spki', format: 'der' });
  // The raw 32-byte ed25519 key is the end of its SPKI encoding.
  const raw = der.subarray(der.length - 32);
  return `SHA256:${createHash('sha256').update(raw).digest('base64').replace(/=+$/, '')}`;
}
