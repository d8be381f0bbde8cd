/**
 * `baton serve <server>`: starts one of baton's servers. Each server is a subcommand loaded only
 * when it is run; add one by adding a line to SERVERS (e.g. `web`).
 */
import { UserError } from '../../errors.js';
import type { Command } from '../io.js';
import { HELP as A2A_HELP } from './_serve-a2a.js';

const SERVERS: Record<string, { summary: string; load: () => Promise<{ command: Command }> }> = {
  a2a: {
    summary: 'an A2A v1.0 agent that receives handoffs (and builds, with --agent)',
    load: () => import('./_serve-a2a.js'),
  },
};

function list(): string {
  return Object.entries(SERVERS)
    .map(([name, s]) => `  ${name.padEnd(8)}${s.summary}`)
    .join('\n');
}

/** The serve command. */
export const command: Command = {
  help: `Usage: baton serve <server> [options]

Servers:
${list()}

${A2A_HELP}`,
  async run(args, io) {
    const [name, ...rest] = args;
    const server = name ? SERVERS[name] : undefined;
    if (!server) {
      throw new UserError(
        'USAGE',
        `${name ? `unknown server "${name}"` : 'name a server'}: one of ${Object.keys(SERVERS).join(', ')} (see \`baton serve --help\`)`,
      );
    }
    return (await server.load()).command.run(rest, io);
  },
};
