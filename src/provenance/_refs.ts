/** Reads refs from the files git keeps them in (loose files, `packed-refs`), without git. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The target of a symbolic ref such as `refs/remotes/origin/HEAD`, or undefined. */
export function readSymref(commonDir: string, ref: string): string | undefined {
  try {
    const m = /^ref:\s*(\S+)/.exec(readFileSync(join(commonDir, ref), 'utf8'));
    return m?.[1];
  } catch {
    return undefined;
  }
}

/**
 * True when `ref` (a full name such as `refs/heads/main`) exists as a loose or packed ref.
 * Repositories using the reftable backend cannot be read this way; they answer true and let
 * git decide.
 */
export function refExists(commonDir: string, ref: string): boolean {
  if (existsSync(join(commonDir, 'reftable'))) return true;
  if (existsSync(join(commonDir, ref))) return true;
  try {
    const packed = readFileSync(join(commonDir, 'packed-refs'), 'utf8');
    return packed.split('\n').some((line) => line.endsWith(` ${ref}`));
  } catch {
    return false;
  }
}

const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The object id `name` names, resolved from the ref files as `git rev-parse` does for a ref
 * name (`<name>`, `refs/<name>`, `refs/tags/<name>`, `refs/heads/<name>`, `refs/remotes/<name>`,
 * `refs/remotes/<name>/HEAD`, the first that exists, symbolic refs followed). Undefined when it
 * cannot be told from files (no such ref, reftable, an odd name): ask git then.
 */
export function resolveRef(gitDir: string, commonDir: string, name: string): string | undefined {
  if (existsSync(join(commonDir, 'reftable'))) return undefined;
  if (!/^[A-Za-z0-9_][\w./-]*$/.test(name) || /\.\.|\/\/|\.lock$|\/$/.test(name)) return undefined;
  const candidates = name.startsWith('refs/')
    ? [name]
    : [
        name,
        `refs/${name}`,
        `refs/tags/${name}`,
        `refs/heads/${name}`,
        `refs/remotes/${name}`,
        `refs/remotes/${name}/HEAD`,
      ];
  // packed-refs is read at most once, however many candidates fall through to it.
  let packed: string | null | undefined;
  const packedText = () => {
    if (packed === undefined) {
      try {
        packed = `${readFileSync(join(commonDir, 'packed-refs'), 'utf8')}\n`;
      } catch {
        packed = null;
      }
    }
    return packed;
  };
  for (const ref of candidates) {
    const oid = readRef(gitDir, commonDir, ref, 0, packedText);
    if (oid) return oid;
  }
  return undefined;
}

function readRef(
  gitDir: string,
  commonDir: string,
  ref: string,
  depth: number,
  packedText: () => string | null,
): string | undefined {
  if (depth > 5) return undefined;
  // HEAD-like names and per-worktree refs live in the worktree's git folder, the rest are shared.
  const perWorktree = !ref.startsWith('refs/') || /^refs\/(bisect|worktree|rewritten)\//.test(ref);
  let text: string | undefined;
  try {
    text = readFileSync(join(perWorktree ? gitDir : commonDir, ref), 'utf8').trim();
  } catch {
    text = undefined;
  }
  if (text !== undefined) {
    const target = /^ref:\s*(\S+)$/.exec(text)?.[1];
    if (target) return readRef(gitDir, commonDir, target, depth + 1, packedText);
    return OID.test(text) ? text : undefined;
  }
  return ref.startsWith('refs/') ? packedRef(packedText(), ref) : undefined;
}

// The object id of `ref` in the text of packed-refs (null: there is no such file).
function packedRef(packed: string | null, ref: string): string | undefined {
  if (packed === null) return undefined;
  const at = packed.indexOf(` ${ref}\n`);
  if (at < 0) return undefined;
  const start = packed.lastIndexOf('\n', at) + 1;
  const oid = packed.slice(start, at);
  return OID.test(oid) ? oid : undefined;
}
