/**
 * Context manifests (FORMATS.md §5): the `context_manifest` block of a file's front matter, or,
 * without one, what a handoff's own front matter says (`id`, `class`, `from`, `expires_at`,
 * `content_hash`, `signature`). A file with neither is an unapproved observation by an unknown
 * author. YAML is loaded only when a file has a manifest block.
 */
import type { ArtifactClass } from '../handoff/types.js';
import { COMMIT_RE, CONTENT_HASH_RE, isRfc3339, SIGNATURE_RE } from '../handoff/values.js';
import { AUTHORITY_LEVELS, type AuthorityLevel, isArtifactClass } from './classes.js';

/** The front matter fields of a handoff that governance reads when there is no manifest. */
export const FLAT_FIELDS = [
  'id',
  'class',
  'from',
  'head',
  'created_at',
  'expires_at',
  'content_hash',
  'signature',
] as const;

/** A front matter field governance reads. */
export type FlatField = (typeof FLAT_FIELDS)[number];

/** The keys a manifest may hold (others are kept, reported, and signed like the rest). */
export const MANIFEST_KEYS = [
  'artifact_id',
  'class',
  'author',
  'source_commit',
  'authority_level',
  'approved_by',
  'approved_at',
  'binding',
  'created_at',
  'expires_at',
  'constitution_compatibility',
  'supersedes',
  'content_hash',
  'signature',
] as const;

/** Key ids: what follows `ed25519:` in a signature, and the name of a key file. */
export const KEY_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Where an artifact's governance fields were read from. */
export interface ManifestSource {
  /** Front matter fields (values as written). */
  flat: Partial<Record<FlatField, string>>;
  /** 1-based line of each front matter field. */
  flatLines: Partial<Record<string, number>>;
  /** The `context_manifest` block as YAML text, when there is one. */
  manifestText?: string;
  /** 1-based line in the file of the manifest text's first line. */
  manifestFirstLine?: number;
  /** The class of a file that says nothing: `operational_handoff` for a handoff, else `observation`. */
  defaultClass: ArtifactClass;
}

/** An artifact's governance fields, checked. */
export interface Manifest {
  source: 'manifest' | 'front-matter' | 'none';
  artifactId?: string;
  /** The class as declared, when it is one baton knows. */
  class: ArtifactClass;
  /** True when the class was declared (not the default). */
  classDeclared: boolean;
  author?: string;
  sourceCommit?: string;
  authorityLevel?: AuthorityLevel;
  /** The key the manifest says approved it (proves nothing without a signature). */
  approvedBy?: string;
  binding?: boolean;
  createdAt?: string;
  expiresAt?: string;
  supersedes: string[];
  contentHash?: string;
  signature?: string;
  /** Everything the signature covers: every field but `signature`, as parsed. */
  signed: Record<string, unknown>;
  /** 1-based line of each field in the file. */
  lines: Partial<Record<string, number>>;
}

/** A value that cannot be used, and where it is. */
export interface ManifestProblem {
  field?: string;
  line?: number;
  message: string;
}

/** A manifest and what is wrong with it. */
export interface ManifestRead {
  manifest: Manifest;
  problems: ManifestProblem[];
  /** Keys the manifest holds that baton does not know (often a typo: `aproved_by`). */
  unknownKeys: { key: string; line?: number }[];
}

/** Reads the governance fields of an artifact. Never throws on bad input. */
export async function readManifest(source: ManifestSource): Promise<ManifestRead> {
  if (source.manifestText !== undefined) return readBlock(source);
  return readFlat(source);
}

function readFlat(source: ManifestSource): ManifestRead {
  const f = source.flat;
  const present = FLAT_FIELDS.some((k) => f[k] !== undefined);
  const problems: ManifestProblem[] = [];
  const signed: Record<string, unknown> = {};
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined) signed[key] = value;
  };
  put('artifact_id', f.id);
  put('class', f.class);
  put('author', f.from);
  put('created_at', f.created_at);
  put('expires_at', f.expires_at);
  put('content_hash', f.content_hash);
  const manifest: Manifest = {
    source: present ? 'front-matter' : 'none',
    class: source.defaultClass,
    classDeclared: false,
    supersedes: [],
    signed,
    lines: {
      artifact_id: source.flatLines.id,
      class: source.flatLines.class,
      author: source.flatLines.from,
      expires_at: source.flatLines.expires_at,
      content_hash: source.flatLines.content_hash,
      signature: source.flatLines.signature,
    },
  };
  if (f.id) manifest.artifactId = f.id;
  if (f.from) manifest.author = f.from;
  if (f.head && COMMIT_RE.test(f.head)) manifest.sourceCommit = f.head;
  if (f.created_at) manifest.createdAt = f.created_at;
  const check = new Checker(manifest, problems);
  check.classValue(f.class);
  check.timeValue('expires_at', f.expires_at);
  check.hashValue(f.content_hash);
  check.signatureValue(f.signature);
  return { manifest, problems, unknownKeys: [] };
}

async function readBlock(source: ManifestSource): Promise<ManifestRead> {
  const problems: ManifestProblem[] = [];
  const unknownKeys: ManifestRead['unknownKeys'] = [];
  const first = source.manifestFirstLine ?? 1;
  const manifest: Manifest = {
    source: 'manifest',
    class: source.defaultClass,
    classDeclared: false,
    supersedes: [],
    signed: {},
    lines: {},
  };
  const { LineCounter, parseDocument, isMap, isScalar } = await import('yaml');
  const counter = new LineCounter();
  const doc = parseDocument(source.manifestText ?? '', {
    lineCounter: counter,
    schema: 'core',
    uniqueKeys: true,
    prettyErrors: false,
  });
  if (doc.errors.length > 0) {
    for (const error of doc.errors.slice(0, 5)) {
      const line = error.linePos?.[0]?.line;
      problems.push({
        message: `context_manifest is not valid YAML: ${error.message.split('\n')[0]}`,
        line: line === undefined ? first : first + line - 1,
      });
    }
    return { manifest, problems, unknownKeys };
  }
  if (!isMap(doc.contents)) {
    problems.push({ message: 'context_manifest must be a mapping of `key: value` lines', line: first });
    return { manifest, problems, unknownKeys };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 16 });
  } catch (error) {
    problems.push({ message: `context_manifest cannot be read: ${(error as Error).message}`, line: first });
    return { manifest, problems, unknownKeys };
  }
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    const offset = (pair.key as { range?: [number, number, number] } | null)?.range?.[0];
    if (key !== undefined && offset !== undefined)
      manifest.lines[key] = first + counter.linePos(offset).line - 1;
  }
  const raw = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(raw)) if (key !== 'signature') manifest.signed[key] = v;
  for (const key of Object.keys(raw)) {
    if (!(MANIFEST_KEYS as readonly string[]).includes(key))
      unknownKeys.push({ key, line: manifest.lines[key] });
  }
  checkBlockValues(raw, manifest, new Checker(manifest, problems));
  return { manifest, problems, unknownKeys };
}

// Each value of the block, checked into the manifest.
function checkBlockValues(raw: Record<string, unknown>, manifest: Manifest, check: Checker): void {
  check.textValue('artifact_id', raw.artifact_id, (v) => {
    manifest.artifactId = v;
  });
  check.classValue(raw.class);
  check.textValue('author', raw.author, (v) => {
    manifest.author = v;
  });
  check.textValue('source_commit', raw.source_commit, (v) => {
    if (COMMIT_RE.test(v)) manifest.sourceCommit = v;
    else check.bad('source_commit', 'a commit id (7 to 64 hex digits)');
  });
  check.textValue('authority_level', raw.authority_level, (v) => {
    if ((AUTHORITY_LEVELS as readonly string[]).includes(v)) manifest.authorityLevel = v as AuthorityLevel;
    else check.bad('authority_level', `one of ${AUTHORITY_LEVELS.join(', ')}`);
  });
  if (raw.approved_by !== null) {
    check.textValue('approved_by', raw.approved_by, (v) => {
      if (KEY_ID_RE.test(v)) manifest.approvedBy = v;
      else check.bad('approved_by', 'a key name (letters, digits, `.`, `_`, `-`) or null');
    });
  }
  if (raw.binding !== undefined && raw.binding !== null) {
    if (typeof raw.binding === 'boolean') manifest.binding = raw.binding;
    else check.bad('binding', '`true` or `false`');
  }
  check.timeValue('created_at', stringOrNull(raw.created_at), 'createdAt');
  check.timeValue('expires_at', stringOrNull(raw.expires_at));
  check.supersedes(raw.supersedes);
  check.hashValue(raw.content_hash);
  check.signatureValue(raw.signature);
}

function stringOrNull(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  return typeof v === 'string' ? v : String(v);
}

// Checks one value at a time, filling the manifest and reporting what cannot be used.
class Checker {
  constructor(
    private readonly m: Manifest,
    private readonly problems: ManifestProblem[],
  ) {}

  bad(field: string, expected: string): void {
    this.problems.push({ field, line: this.m.lines[field], message: `\`${field}\` must be ${expected}` });
  }

  textValue(field: string, v: unknown, use: (s: string) => void): void {
    if (v === undefined || v === null) return;
    const s = typeof v === 'number' ? String(v) : v;
    if (typeof s !== 'string' || s.trim() === '' || s.length > 500 || /[\r\n]/.test(s)) {
      this.bad(field, 'one line of text');
      return;
    }
    use(s.trim());
  }

  classValue(v: unknown): void {
    if (v === undefined || v === null) return;
    if (isArtifactClass(v)) {
      this.m.class = v;
      this.m.classDeclared = true;
    } else {
      this.problems.push({
        field: 'class',
        line: this.m.lines.class,
        message: `unknown class ${JSON.stringify(v)}: one of observation, operational_handoff, guidance, policy, constitution, memory, question, proposal, answer`,
      });
    }
  }

  timeValue(field: string, v: string | undefined, key: 'expiresAt' | 'createdAt' = 'expiresAt'): void {
    if (v === undefined) return;
    if (isRfc3339(v)) this.m[key] = v;
    else this.bad(field, 'an RFC 3339 date-time with an offset, e.g. 2026-11-30T01:14:19Z');
  }

  supersedes(v: unknown): void {
    if (v === undefined || v === null) return;
    const list = Array.isArray(v) ? v : [v];
    for (const id of list) {
      if ((typeof id === 'string' && id.trim() !== '' && !/[\r\n]/.test(id)) || typeof id === 'number') {
        this.m.supersedes.push(String(id).trim());
      } else {
        this.bad('supersedes', 'a list of artifact ids');
        return;
      }
    }
  }

  hashValue(v: unknown): void {
    if (v === undefined || v === null) return;
    if (typeof v === 'string' && CONTENT_HASH_RE.test(v)) this.m.contentHash = v;
    else this.bad('content_hash', '`sha256:` and 64 lowercase hex digits');
  }

  signatureValue(v: unknown): void {
    if (v === undefined || v === null) return;
    if (typeof v === 'string' && SIGNATURE_RE.test(v) && KEY_ID_RE.test(v.split(':')[1] ?? '')) {
      this.m.signature = v;
    } else {
      this.problems.push({
        field: 'signature',
        line: this.m.lines.signature,
        message:
          '`signature` must be `ed25519:<key id>:<base64 signature>` (standard base64, as `baton approve` writes it)',
      });
    }
  }
}

/** A governance key written more than once at the top of a front matter, and its lines. */
export interface DuplicateKey {
  key: string;
  lines: number[];
}

// A top-level YAML key: plain, double- or single-quoted, or after `? ` (an explicit key).
const TOP_KEY_RE =
  /^(?:\?\s+)?(?:"((?:[^"\\]|\\.){0,200})"|'((?:[^']|''){0,200})'|([^\s:#"'?][^:]{0,200}?))\s*(?::(?:\s|$)|$)/;
const GOVERNANCE_KEYS: ReadonlySet<string> = new Set(['context_manifest', ...FLAT_FIELDS]);

/**
 * The governance keys (`context_manifest` and the handoff fields governance reads) that appear
 * more than once at the top of `text`'s front matter, however each is spelled (`"class":`,
 * `? class`). YAML readers disagree on which copy counts (baton reads the first, PyYAML the
 * last), so one artifact must have one manifest: every tool treats a repeat as invalid.
 */
export function duplicateGovernanceKeys(text: string): DuplicateKey[] {
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  if (!/^---[ \t]*\r?\n/.test(source)) return [];
  const seen = new Map<string, number[]>();
  let line = 1;
  let at = source.indexOf('\n') + 1;
  while (at > 0 && at < source.length) {
    const end = source.indexOf('\n', at);
    const raw = source.slice(at, end < 0 ? source.length : end).replace(/\r$/, '');
    line++;
    if (raw.trim() === '---') break;
    // `key:` or, as an explicit key, `? key` (its value follows on a `:` line).
    const m = raw.startsWith('?') || raw.includes(':') ? TOP_KEY_RE.exec(raw) : null;
    const key = m ? unquoteKey(m) : undefined;
    if (key !== undefined && GOVERNANCE_KEYS.has(key)) seen.set(key, [...(seen.get(key) ?? []), line]);
    if (end < 0) break;
    at = end + 1;
  }
  return [...seen].filter(([, lines]) => lines.length > 1).map(([key, lines]) => ({ key, lines }));
}

function unquoteKey(m: RegExpExecArray): string {
  if (m[1] !== undefined) {
    try {
      return JSON.parse(`"${m[1]}"`) as string;
    } catch {
      return m[1];
    }
  }
  if (m[2] !== undefined) return m[2].replace(/''/g, "'");
  return (m[3] as string).trim();
}
