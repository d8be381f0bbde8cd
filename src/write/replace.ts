/**
 * Replacing a handoff file: the one path every command that writes a handoff takes (`write`,
 * `import -o`, `convert -o`). The handoff there now moves to `.baton/history/` under the
 * repository root, named `<created_at>-<id>` when it can be read, and nothing is written through
 * a symlink that leaves the repository.
 */
import { join } from 'node:path';
import { detect } from '../formats/detect.js';
import { loadCodec } from '../formats/index.js';
import type { ParsedHandoff } from '../formats/types.js';
import { confineTo, handoffRootOf } from '../fs/inside.js';
import { type PreviousFile, type Replacement, readPreviousFile, replaceFile } from '../fs/replace.js';
import { contentHash } from '../handoff/hash.js';
import { decodeUtf8, READ_LIMIT } from '../validate/read.js';

/** The handoff found at the target: the file, and its id and time when it could be read. */
export interface PreviousHandoff extends PreviousFile {
  id?: string;
  created_at?: string;
  /** The handoff as its codec parsed it, when it could be read (parsed once, here). */
  handoff?: ParsedHandoff;
}

/**
 * Replaces the handoff at `path` (as written, symlinks not yet followed) with what `produce`
 * returns for the handoff there now; undefined from `produce` writes nothing.
 */
export async function replaceHandoff(
  path: string,
  produce: (previous: PreviousHandoff | undefined) => Promise<string | undefined>,
): Promise<Replacement | undefined> {
  const root = handoffRootOf(path);
  let described: PreviousHandoff | undefined;
  return replaceFile(
    path,
    async (previous) => {
      described = previous ? await describe(previous) : undefined;
      return produce(described);
    },
    {
      root,
      historyDir: historyDirOf(path),
      historyName: () => historyName(path, described as PreviousHandoff),
      readLimit: READ_LIMIT,
    },
  );
}

/** Where `replaceHandoff` keeps the handoffs it replaced at `path`: `.baton/history/` of its root. */
export function historyDirOf(path: string): string {
  return join(handoffRootOf(path), '.baton', 'history');
}

/** The handoff at `path` now, read without the lock (a writer prepares with it, then checks again). */
export async function peekHandoff(path: string): Promise<PreviousHandoff | undefined> {
  const previous = readPreviousFile(confineTo(handoffRootOf(path), path), READ_LIMIT);
  return previous ? describe(previous) : undefined;
}

/** Writes `text` as the handoff at `path`, moving the one there now into history. */
export async function writeHandoffFile(path: string, text: string): Promise<Replacement> {
  return (await replaceHandoff(path, async () => text)) as Replacement;
}

async function describe(previous: PreviousFile): Promise<PreviousHandoff> {
  const out: PreviousHandoff = { ...previous };
  const text = previous.raw ? decodeUtf8(previous.raw) : undefined;
  if (text === undefined) return out;
  try {
    const parsed = (await loadCodec(detect(text))).parse(text);
    out.handoff = parsed.handoff;
    if (parsed.handoff.id) out.id = parsed.handoff.id;
    if (parsed.handoff.created_at) out.created_at = parsed.handoff.created_at;
  } catch {
    // Whatever it holds, it is kept: named by its time and bytes instead.
  }
  return out;
}

// An id or time read from the file is another agent's text: only a plain word becomes a name.
const SAFE_ID = /^[0-9A-Za-z_-]{1,64}$/;

/** `<created_at>-<id>.md` (or `.json`), from the file's time and bytes when those are unknown. */
function historyName(target: string, previous: PreviousHandoff): string {
  const time =
    previous.created_at && /^[0-9T:.+Z-]{10,40}$/.test(previous.created_at) ? previous.created_at : undefined;
  const stamp = (time ?? previous.mtime.toISOString()).replace(/[-:]/g, '').replace(/\.\d+/, '');
  const id =
    previous.id && SAFE_ID.test(previous.id)
      ? previous.id
      : previous.raw
        ? contentHash(previous.raw).slice(7, 19)
        : previous.size > READ_LIMIT
          ? 'oversize'
          : 'unreadable';
  return `${stamp}-${id}${target.endsWith('.json') ? '.json' : '.md'}`;
}
