/** `baton search <query>`: full-text search over the archived handoffs. */
import { UserError } from '../../errors.js';
import { withStore } from '../../store/open.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';
import { FILTER_FLAGS, filterFromFlags, handoffLine, limitFlag, storeOptions } from '../store-flags.js';

const DEFAULT_LIMIT = 20;
const FLAGS = {
  ...FILTER_FLAGS,
  limit: limitFlag('results', DEFAULT_LIMIT),
  json: { type: 'boolean', description: 'print a JSON array of {handoff, snippet}' },
} as const satisfies Record<string, FlagSpec>;

/** The search command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton search <query…> [options]

Finds archived handoffs whose text holds every word of the query, best match first
(a word in the title counts more), each with the line that matched:
  <id>  <created_at>  <verdict>  <status>  <task>  <from>  <title>
      <the matching line>
Words match whole, case and accents ignored. "a phrase" matches those words in a
row, pars* matches words starting with pars, -word leaves out handoffs with word.
Punctuation splits words: src/formats finds the phrase "src formats".`,
    flags: FLAGS,
    after: `Exit codes: 0, also when nothing matches; 1 the store cannot be read;
64 usage error (also a query with no word to find).`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('search', args, FLAGS);
    if (positionals.length === 0)
      throw new UserError('USAGE', 'search needs a query (see `baton search --help`)');
    const filter = filterFromFlags('search', flags, DEFAULT_LIMIT);
    return withStore(storeOptions(io, false), async (store) => {
      const hits = await store.searchHandoffs(positionals.join(' '), filter);
      if (flags.json) {
        io.stdout(`${JSON.stringify(hits, null, 2)}\n`);
        return 0;
      }
      for (const hit of hits) io.stdout(`${handoffLine(hit.handoff)}\n    ${hit.snippet}\n`);
      if (hits.length === 0) io.stderr(`baton: no archived handoff matches in ${store.location}\n`);
      return 0;
    });
  },
};
