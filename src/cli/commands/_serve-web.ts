/** `baton serve web`: the viewer, over this repository's store, until Ctrl-C. */
import { findRepositoryRoot, realPath } from '../../provenance/discover.js';
import { openStore } from '../../store/open.js';
import { type FlagSpec, helpText, integerFlag, parseFlags } from '../args.js';
import type { Command } from '../io.js';
import { storeOptions } from '../store-flags.js';

const FLAGS = {
  port: {
    type: 'string',
    value: 'n',
    description: 'the port to listen on (default 7474; 0 picks a free one)',
  },
  host: {
    type: 'string',
    value: 'addr',
    description:
      'the address to listen on (default 127.0.0.1); beyond loopback it\nneeds $BATON_WEB_TOKEN (16+ bytes), which every request must carry',
  },
} as const satisfies Record<string, FlagSpec>;

/** The `serve web` subcommand. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton serve web [--port <n>] [--host <addr>]

Serves the viewer: runs (each task's stages, attempts and windows, the tokens of every
dispatch beside what forwarding every earlier handoff would cost, live while a run goes
on), archived handoffs (search, filters, the verdict now, provenance, chain, diffs) and
the boot context, read from the store ($BATON_STORE, .baton/config.json, or
.baton/baton.db). Text from agents is shown as text, never as part of the page.`,
    flags: FLAGS,
    after:
      'Runs until Ctrl-C. Exit codes: 0 stopped, 1 the store cannot be opened or the port cannot be listened on,\n64 usage (also: beyond loopback without a BATON_WEB_TOKEN of 16+ bytes).',
  }),
  async run(args, io) {
    const { flags } = parseFlags('serve web', args, FLAGS);
    const port =
      flags.port === undefined ? 7474 : integerFlag('serve web', 'port', flags.port, { min: 0, max: 65535 });
    const root = findRepositoryRoot(io.cwd) ?? realPath(io.cwd);
    const store = await openStore(storeOptions(io, true));
    const { startWebServer } = await import('../../servers/web/index.js');
    try {
      const server = await startWebServer({
        root,
        store,
        port,
        host: flags.host ?? '127.0.0.1',
        ...(io.env.BATON_WEB_TOKEN ? { token: io.env.BATON_WEB_TOKEN } : {}),
      });
      io.stdout(`baton viewer: ${server.url} (store: ${store.location}; Ctrl-C stops it)\n`);
      await untilStopped();
      await server.close();
      return 0;
    } finally {
      await store.close();
    }
  },
};

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}
