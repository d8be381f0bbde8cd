/**
 * Claims a handoff makes that can go stale: done items, facts, touched files and validation
 * results, each with the paths and the command it rests on.
 */
import type { ParsedHandoff } from '../formats/types.js';

/** Where a claim comes from. */
export type ClaimKind = 'done' | 'fact' | 'file' | 'validation';

/** A claim to re-check when what it rests on has changed. */
export interface Claim {
  kind: ClaimKind;
  /** The claim as one line of text. */
  text: string;
  /** Repository paths (or globs) the claim names. */
  paths: string[];
  /** The command that checked it, when there is one. */
  command?: string;
  /** Where in the handoff it is written (`Done item 2`), so a command can be traced to its writer. */
  source: string;
}

// A path with a slash (`src/a.ts`, `docs/`, `src/**`) or a file name with an extension
// (`README.md`), optionally followed by `:line`.
const PATH_TOKEN =
  /(?:^|[\s(["'`])((?:\.{1,2}\/)?[\w@.+-]*[\w@+*-](?:\/[\w@.*+-]+)*\/|(?:\.{1,2}\/)?[\w@.+-]*[\w@+*-](?:\/[\w@.*+-]+)+|[\w@+-][\w@.+-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?::\d+(?:[-:]\d+)?)?(?=$|[\s)"'`,;:])/g;

/** Path-like tokens in text: `src/a.ts`, `src/a.ts:12`, `docs/`, `README.md`; URLs left out. */
export function pathsIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ').matchAll(PATH_TOKEN)) {
    const p = (m[1] as string).replace(/^\.\//, '');
    if (/^\d+(\.\d+)+$/.test(p) || /^v?\d+\.\d+/.test(p)) continue;
    found.add(p);
  }
  return [...found];
}

/** Every claim of a handoff, in section order. */
export function claimsOf(h: ParsedHandoff): Claim[] {
  const claims: Claim[] = [];
  h.done.forEach((d, i) => {
    const claim: Claim = {
      kind: 'done',
      text: d.text,
      paths: pathsIn(`${d.text} ${d.command ?? ''}`),
      source: `Done item ${i + 1}`,
    };
    if (d.command) claim.command = d.command;
    claims.push(claim);
  });
  h.facts.forEach((f, i) => {
    const text = `${f.verdict} — ${f.claim} — ${f.evidence}${f.note ? ` — ${f.note}` : ''}`;
    const cmd = /`([^`]+)`/.exec(f.evidence)?.[1];
    const claim: Claim = {
      kind: 'fact',
      text,
      paths: pathsIn(`${f.claim} ${f.evidence}`),
      source: `Facts item ${i + 1}`,
    };
    if (cmd && /\s/.test(cmd)) claim.command = cmd;
    claims.push(claim);
  });
  h.files_touched.forEach((f, i) => {
    claims.push({
      kind: 'file',
      text: `${f.action} ${f.path}`,
      paths: f.from ? [f.path, f.from] : [f.path],
      source: `Files touched item ${i + 1}`,
    });
  });
  h.validation.forEach((v, i) => {
    claims.push({
      kind: 'validation',
      text: `${v.result} — ${v.command}${v.outcome ? ` — ${v.outcome}` : ''}`,
      paths: pathsIn(v.command),
      command: v.command,
      source: `Validation item ${i + 1}`,
    });
  });
  return claims;
}
