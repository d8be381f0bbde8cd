/** `baton log`: the archived handoffs, newest first. */
import { UserError } from '../../errors.js';
import { withStore } from '../../store/open.js';
import { parseFlags } from '../args.js';
import type { Command } from '../io.js';
import { FILTER_FLAGS, FILTER_HELP, filterFromFlags, handoffLine, storeOptions } from '../store-flags.js';

const FLAGS = { ...FILTER_FLAGS, all: { type: 'boolean' } } as const;
const DEFAULT_LIMIT = 50;

/** The log command. */
export const command: Command = {
  help: `Usage: baton log [options]

Lists the handoffs in the store, newest first, one per line:
  <id>  <created_at>  <status>  <task>  <from>  <title>
Give an id (or its start) to \`baton show\` to read one.

Options:
${FILTER_HELP}
  --limit <n>          at most n handoffs (default ${DEFAULT_LIMIT})
  --all                every matching handoff
  --json               print a JSON array of the handoffs (without their text)

Exit codes: 0, also when there are none; 1 the store cannot be read; 64 usage error.`,
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
