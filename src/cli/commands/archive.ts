/** `baton archive [path]`: keep a handoff in the store as evidence, with the verdict it has now. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ArchiveResult, archiveHandoff } from '../../archive/archive.js';
import { isBatonError } from '../../errors.js';
import type { FormatName } from '../../formats/types.js';
import { openStore } from '../../store/open.js';
import { historyDirOf } from '../../write/replace.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import { formatFlag, oneHandoffPath } from '../handoff-args.js';
import type { Command, CommandIO } from '../io.js';
import { printRefusal } from '../output.js';
import { storeOptions } from '../store-flags.js';

const FLAGS = {
  format: { type: 'string', value: 'f', description: 'auto (default), baton, context-kit, json' },
  history: {
    type: 'boolean',
    description: 'also every handoff write kept in .baton/history/ (each with its verdict)',
  },
  json: {
    type: 'boolean',
    description:
      'print {id, status: stored|unchanged, verdict, content_hash, path, store}\n(a list with --history)',
  },
} as const satisfies Record<string, FlagSpec>;

/** The archive command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton archive [path] [--history] [options]

Keeps the handoff in the store as evidence, with the verdict it has at this moment:
it is validated against the repository it is in, as \`baton validate\` does, and kept
whether it is VALID, STALE, MISMATCH, UNTRUSTED or INVALID; the verdict is printed
(and the first finding when it is not VALID). Only a file that cannot be read as a
handoff at all (no id) is refused. Archiving the same bytes again is a no-op; other
bytes under an id already archived are refused (archived handoffs are never
replaced). The path is found as for validate (default .baton/handoff.md). With
--history, every handoff in .baton/history/ is archived too: \`baton write\`
moves the handoff it replaces there (and archives it itself).

The store is $BATON_STORE, else "store" in .baton/config.json, else the SQLite
file .baton/baton.db under the repository root (see docs/store.md).`,
    flags: FLAGS,
    after: `Exit codes: 0 archived (or already archived), whatever the verdict; 1 a file
that cannot be read as a handoff, or the store refused it (a different handoff has
its id); 64 usage error.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('archive', args, FLAGS);
    const format = formatFlag('archive', flags.format);
    const path = oneHandoffPath('archive', positionals, format, io);
    if (!flags.history) {
      const result = await archiveHandoff(path, {
        format,
        keep: 'any',
        store: () => openStore(storeOptions(io, true)),
      });
      if (!result.ok) return printRefusal(io, result.report, 'archiving');
      if (flags.json) io.stdout(`${JSON.stringify(jsonOf(result, path), null, 2)}\n`);
      else io.stdout(`${lineOf(result, path)}\n`);
      return 0;
    }
    return archiveAll([path, ...historyOf(path)], format, flags.json === true, io);
  },
};

type Archived = Extract<ArchiveResult, { ok: true }>;

function jsonOf(result: Archived, path: string) {
  const { handoff, status } = result.put;
  return {
    id: handoff.id,
    status,
    verdict: result.report.verdict,
    content_hash: handoff.content_hash,
    path,
    store: result.location,
  };
}

function lineOf(result: Archived, path: string): string {
  const { handoff, status } = result.put;
  const { verdict, findings } = result.report;
  const first = findings.find((f) => f.verdict === verdict);
  const why = verdict !== 'VALID' && first ? `: ${first.message}` : '';
  return status === 'stored'
    ? `archived ${handoff.id} from ${path} as it is now, ${verdict}${why}, in ${result.location}`
    : `already archived: ${handoff.id} (the same bytes) in ${result.location}`;
}

// The handoffs `write` kept in history when it replaced the one at `path`, oldest first.
function historyOf(path: string): string[] {
  const dir = historyDirOf(path);
  try {
    return readdirSync(dir)
      .filter((n) => /\.(md|json)$/i.test(n))
      .sort()
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}

async function archiveAll(paths: string[], format: FormatName | 'auto', json: boolean, io: CommandIO) {
  const store = await openStore(storeOptions(io, true));
  const out: ReturnType<typeof jsonOf>[] = [];
  let failed = 0;
  try {
    for (const p of paths) {
      const result = await archiveHandoff(p, { format, keep: 'any', store }).catch((error: unknown) => {
        if (isBatonError(error) && error.code !== 'INTERNAL') return { ok: false as const, error };
        throw error;
      });
      if (!result.ok) {
        failed++;
        io.stderr(
          `baton: not archived: ${p}: ${'error' in result ? result.error.message : result.report.verdict}\n`,
        );
        continue;
      }
      if (json) out.push(jsonOf(result, p));
      else io.stdout(`${lineOf(result, p)}\n`);
    }
  } finally {
    await store.close();
  }
  if (json) io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  return failed > 0 ? 1 : 0;
}
