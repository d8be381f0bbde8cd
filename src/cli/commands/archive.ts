/** `baton archive [path]`: keep the current handoff in the store, only while it is VALID now. */
import { archiveHandoff } from '../../archive/archive.js';
import { openStore } from '../../store/open.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import { formatFlag, oneHandoffPath } from '../handoff-args.js';
import type { Command } from '../io.js';
import { printRefusal } from '../output.js';
import { storeOptions } from '../store-flags.js';

const FLAGS = {
  format: { type: 'string', value: 'f', description: 'auto (default), baton, context-kit, json' },
  json: { type: 'boolean', description: 'print {id, status: stored|unchanged, content_hash, path, store}' },
} as const satisfies Record<string, FlagSpec>;

/** The archive command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton archive [path] [options]

Validates the handoff against the repository it is in, as \`baton validate\` does,
and keeps it in the store only when it is VALID now. A handoff that is INVALID,
MISMATCH, STALE or UNTRUSTED is refused: the findings go to stderr, nothing is
stored, and the exit code is validate's. Archiving the same bytes again is a no-op;
other bytes under an id already archived are refused (archived handoffs are never
replaced). The path is found as for validate (default .baton/handoff.md).

The store is $BATON_STORE, else "store" in .baton/config.json, else the SQLite
file .baton/baton.db under the repository root (see docs/store.md).`,
    flags: FLAGS,
    after: `Exit codes: 0 archived (or already archived), refused: 1 INVALID, 2 MISMATCH,
3 STALE, 4 UNTRUSTED; 1 the store refused it (a different handoff has its id),
64 usage error.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('archive', args, FLAGS);
    const format = formatFlag('archive', flags.format);
    const path = oneHandoffPath('archive', positionals, format, io);
    const result = await archiveHandoff(path, {
      format,
      store: () => openStore(storeOptions(io, true)),
    });
    if (!result.ok) return printRefusal(io, result.report, 'archiving');
    const { handoff, status } = result.put;
    if (flags.json) {
      const out = {
        id: handoff.id,
        status,
        content_hash: handoff.content_hash,
        path,
        store: result.location,
      };
      io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    } else if (status === 'stored') {
      io.stdout(`archived ${handoff.id} from ${path} in ${result.location}\n`);
    } else {
      io.stdout(`already archived: ${handoff.id} (the same bytes) in ${result.location}\n`);
    }
    return 0;
  },
};
