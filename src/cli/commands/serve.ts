/**
 * `baton serve <server>`: starts one of baton's servers. Each server is a subcommand loaded only
 * when it is run; add one by adding a line to SERVERS.
 */
import { UserError } from '../../errors.js';
import type { Command } from '../io.js';

const SERVERS: Record<string, { summary: string; load: () => Promise<{ command: Command }> }> = {
  web: {
    summary: 'the viewer: runs, windows, tokens and handoff chains in a browser',
    load: () => import('./_serve-web.js'),
  },
  a2a: {
    summary: 'an A2A v1.0 agent that verifies handoffs before taking them (and builds, with --agent)',
    load: () => import('./_serve-a2a.js'),
  },
};

/** The serve command. */
export const command: Command = {
  help: `Usage: baton serve <server> [options]

Servers:
${Object.entries(SERVERS)
  .map(([name, s]) => `  ${name.padEnd(8)}${s.summary}`)
  .join('\n')}

Run \`baton serve <server> --help\` for the options of one.`,
  async helpFor(args) {
    const server = args[0] ? SERVERS[args[0]] : undefined;
    return server ? (await server.load()).command.help : undefined;
  },
  async run(args, io) {
    const [name, ...rest] = args;
    const server = name ? SERVERS[name] : undefined;
    if (!server) {
      throw new UserError(
        'USAGE',
        `${name ? `unknown server "${name}"` : 'name a server'}: one of ${Object.keys(SERVERS).join(', ')} (see \`baton serve --help\`)`,
      );
    }
    const { command: sub } = await server.load();
    return sub.run(rest, io);
  },
};
