/** `baton show <id>`: one archived handoff, as archived or in another format. */
import { renderStoredHandoff } from '../../archive/render.js';
import { UserError } from '../../errors.js';
import { FORMAT_NAMES, isFormatName } from '../../formats/names.js';
import { withStore } from '../../store/open.js';
import { badValue, type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';
import { storeOptions } from '../store-flags.js';

const FLAGS = {
  format: { type: 'string', value: 'f', description: FORMAT_NAMES.join(', ') },
} as const satisfies Record<string, FlagSpec>;

/** The show command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton show <id> [--format <f>]

Prints the archived handoff whose id is <id>, or whose id starts with it (an
ambiguous start is refused with the ids it could mean). Without --format it prints
the text exactly as it was archived; with --format it renders it in that format
(${FORMAT_NAMES.join(', ')}), with a note on stderr for each part the format cannot hold.`,
    flags: FLAGS,
    after: `Exit codes: 0, 1 no such handoff (or the store cannot be read), 64 usage error
(also for an ambiguous id).`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('show', args, FLAGS);
    const [id, ...extra] = positionals;
    if (id === undefined || extra.length > 0) {
      throw new UserError('USAGE', 'show takes one handoff id (see `baton log` for ids)');
    }
    const format = flags.format;
    if (format !== undefined && !isFormatName(format)) throw badValue('show', 'format', format, FORMAT_NAMES);
    return withStore(storeOptions(io, false), async (store) => {
      const stored = await store.getHandoff(id);
      if (!stored) {
        throw new UserError(
          'STORE_NOT_FOUND',
          `no archived handoff has an id starting with "${id}" in ${store.location}`,
          {
            hint: '`baton log` lists the archived handoffs',
          },
        );
      }
      const rendered = await renderStoredHandoff(stored, format);
      io.stdout(rendered.text.endsWith('\n') ? rendered.text : `${rendered.text}\n`);
      for (const loss of rendered.losses) io.stderr(`note: ${loss.field}: ${loss.message}\n`);
      return 0;
    });
  },
};
