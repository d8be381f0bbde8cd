/** `baton log`: the archived handoffs, newest first. */
import { UserError } from '../../errors.js';
import { withStore } from '../../store/open.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';
import { FILTER_FLAGS, filterFromFlags, handoffLine, limitFlag, storeOptions } from '../store-flags.js';

const DEFAULT_LIMIT = 50;
const FLAGS = {
  ...FILTER_FLAGS,
  limit: limitFlag('handoffs', DEFAULT_LIMIT),
  all: { type: 'boolean', description: 'every matching handoff' },
  json: { type: 'boolean', description: 'print a JSON array of the handoffs (without their text)' },
} as const satisfies Record<string, FlagSpec>;

/** The log command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton log [options]

Lists the handoffs in the store, newest first, one per line:
  <id>  <created_at>  <verdict>  <status>  <task>  <from>  <title>
(<verdict> is the one it had when archived; - for handoffs archived before baton kept it.)
Give an id (or its start) to \`baton show\` to read one.`,
    flags: FLAGS,
    after: 'Exit codes: 0, also when there are none; 1 the store cannot be read; 64 usage error.',
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('log', args, FLAGS);
    if (positionals.length > 0) {
      throw new UserError('USAGE', 'log takes no arguments; narrow it with --task and the other options');
    }
    const filter = filterFromFlags('log', flags, flags.all ? undefined : DEFAULT_LIMIT);
    return withStore(storeOptions(io, false), async (store) => {
      const handoffs = await store.listHandoffs(filter);
      if (flags.json) {
        io.stdout(`${JSON.stringify(handoffs, null, 2)}\n`);
        return 0;
      }
      for (const h of handoffs) io.stdout(`${handoffLine(h)}\n`);
      if (handoffs.length === 0) {
        io.stderr(
          `baton: no archived handoffs${Object.keys(filter).length > 1 ? ' match' : ''} in ${store.location}\n`,
        );
      } else if (filter.limit !== undefined && handoffs.length === filter.limit) {
        const total = await store.countHandoffs(filter);
        if (total > handoffs.length) {
          io.stderr(`baton: ${handoffs.length} of ${total} shown; --limit <n> or --all for more\n`);
        }
      }
      return 0;
    });
  },
};
