/**
 * The paths git's index tracks, read from the index file without git (format versions 2, 3 and
 * 4, as `gitformat-index(5)` describes them): what a cached status must watch in the work tree.
 */
import { readFileSync } from 'node:fs';

const GITLINK = 0o160000;
const TREE = 0o040000;
const EXTENDED = 0x4000;

/**
 * The tracked paths (repository-relative, `/`-separated) of the index at `file`: [] when there is
 * no index yet, undefined when the index is of a kind that cannot be watched by stat alone
 * (submodules, a split or sparse index, an unknown version) or is not a readable index.
 */
export function readIndexPaths(file: string, hashBytes: number): string[] | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? [] : undefined;
  }
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return undefined;
  const count = buf.readUInt32BE(8);
  const paths: string[] = [];
  let at = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    const fixed = 40 + hashBytes + 2;
    if (at + fixed > buf.length) return undefined;
    const mode = buf.readUInt32BE(at + 24);
    // A submodule's state lives in its own repository; a sparse index folds folders into trees.
    if ((mode & 0o170000) === GITLINK || (mode & 0o170000) === TREE) return undefined;
    const flags = buf.readUInt16BE(at + 40 + hashBytes);
    let name = at + fixed + (version >= 3 && flags & EXTENDED ? 2 : 0);
    let path: Buffer;
    if (version === 4) {
      // The path is the previous one less `drop` bytes (git's varint), then the bytes up to a NUL.
      let c = buf[name++] ?? 0;
      let drop = c & 0x7f;
      while (c & 0x80 && name < buf.length) {
        c = buf[name++] ?? 0;
        drop = ((drop + 1) << 7) | (c & 0x7f);
      }
      const end = buf.indexOf(0, name);
      if (end < 0 || drop > previous.length) return undefined;
      path = Buffer.concat([previous.subarray(0, previous.length - drop), buf.subarray(name, end)]);
      at = end + 1;
    } else {
      const end = buf.indexOf(0, name);
      if (end < 0) return undefined;
      path = buf.subarray(name, end);
      // Entries are padded with 1 to 8 NULs to a multiple of eight bytes.
      at += Math.floor((end - at + 8) / 8) * 8;
    }
    previous = path;
    paths.push(path.toString('utf8'));
  }
  return hasExtension(buf, at, hashBytes, ['link', 'sdir']) ? undefined : paths;
}

// True when one of the extensions after the entries is among `names`.
function hasExtension(buf: Buffer, start: number, hashBytes: number, names: string[]): boolean {
  for (let at = start; at + 8 <= buf.length - hashBytes; ) {
    if (names.includes(buf.toString('latin1', at, at + 4))) return true;
    at += 8 + buf.readUInt32BE(at + 4);
  }
  return false;
}
