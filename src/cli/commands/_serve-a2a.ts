/** `baton serve a2a`: flags in, the A2A server of src/servers/a2a/ started, stopped on a signal. */
import { UserError } from '../../errors.js';
import { PACKAGE_NAME } from '../../hosts/hook-commands.js';
import { type FlagSpec, parseFlags, renderOptions } from '../args.js';
import type { Command } from '../io.js';
import { storeOptions } from '../store-flags.js';

const FLAGS = {
  port: { type: 'string', value: 'n', description: 'port to listen on (default 4477; 0 picks a free one)' },
  host: {
    type: 'string',
    value: 'h',
    description:
      'address to listen on (default 127.0.0.1); beyond loopback it\nneeds BATON_A2A_TOKEN (16+ bytes), checked on every request',
  },
  agent: {
    type: 'string',
    value: 'spec',
    description:
      "run an agent on each accepted handoff's brief (COMPLETED or\nFAILED with its reply), and take remote-builder dispatches:\na shell command, scripted:<path> or endpoint:<name>, as baton run",
  },
  endpoints: { type: 'string', value: 'file', description: 'endpoints file for --agent endpoint:<name>' },
  'public-url': {
    type: 'string',
    value: 'url',
    description: 'the URL senders reach this server at (for the card)',
  },
} as const satisfies Record<string, FlagSpec>;

const OPTIONS = `Options:\n${renderOptions(FLAGS)}`;

/** The help of `baton serve a2a`. */
const HELP = `Usage: baton serve a2a [--port N] [--host 127.0.0.1] [--agent "<command>"]

An A2A v1.0 agent (JSON-RPC) for the repository it runs in. Its card is at
/.well-known/agent-card.json. A message with metadata.handoff = true carries a
handoff as one part (a text/markdown text part in any format baton reads, or a
data part with canonical or FORGE JSON). The server verifies it against this
checkout before taking it: INVALID, MISMATCH or UNTRUSTED → the task is REJECTED
with the verdict and every finding; VALID or STALE → archived in the store, then
WORKING (the ACK), the verdict and handoff id in the task's metadata, a STALE
handoff's resume brief attached. Tasks are kept in the store: a restarted server
still answers GetTask.

${OPTIONS}

Prints one line with the URL once listening; stops on SIGINT or SIGTERM.
Exit codes: 0 stopped by a signal, 1 cannot listen or not in a repository,
64 usage error (also: a public host without a BATON_A2A_TOKEN of 16+ bytes).
See docs/a2a.md.`;

/** The a2a server subcommand. */
export const command: Command = {
  help: HELP,
  async run(args, io) {
    const { flags, positionals } = parseFlags('serve', args, FLAGS);
    if (positionals.length)
      throw new UserError('USAGE', `unexpected argument "${positionals[0]}" (see \`baton serve --help\`)`);
    const port = flags.port === undefined ? 4477 : Number(flags.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UserError('USAGE', '--port must be a port number (0–65535)');
    const { findRepositoryRoot } = await import('../../provenance/discover.js');
    const root = findRepositoryRoot(io.cwd);
    if (!root)
      throw new UserError('PROVENANCE_NOT_A_REPO', `${io.cwd} is not inside a git repository`, {
        hint: 'run baton serve a2a in the checkout it verifies handoffs against',
      });
    const agent = flags.agent ? await loadAgent(flags.agent, root, flags.endpoints) : undefined;
    const { captureProvenance } = await import('../../provenance/capture.js');
    const repository = captureProvenance(root).current.repository;
    const { openStore } = await import('../../store/open.js');
    const store = await openStore(storeOptions(io, true));
    const { startA2AServer } = await import('../../servers/a2a/server.js');
    const server = await startA2AServer({
      root,
      store,
      port,
      version: await version(),
      ...(flags.host ? { host: flags.host } : {}),
      ...(io.env.BATON_A2A_TOKEN ? { token: io.env.BATON_A2A_TOKEN } : {}),
      ...(agent ? { agent } : {}),
      ...(repository ? { repository } : {}),
      ...(flags['public-url'] ? { publicUrl: flags['public-url'] } : {}),
      // Fault injection for the durable-order test: die the moment the archive is committed.
      ...(io.env.BATON_A2A_FAULT === 'after-archive'
        ? { afterArchive: () => process.kill(process.pid, 'SIGKILL') }
        : {}),
    }).catch(async (error: unknown) => {
      await store.close();
      throw error;
    });
    io.stdout(
      `baton serve a2a: listening on ${server.url} (card: ${server.url}.well-known/agent-card.json, store: ${store.location})\n`,
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await server.close();
    await store.close();
    return 0;
  },
};

async function loadAgent(spec: string, root: string, endpointsFile?: string) {
  const { loadEndpoints, resolveAgent } = await import('../../agents/index.js');
  return resolveAgent(spec, root, await loadEndpoints(root, endpointsFile));
}

async function version(): Promise<string> {
  const { existsSync, readFileSync } = await import('node:fs');
  // Bundled (dist/bin/) the package is two folders up; from the sources or dist/cli/commands, three.
  for (const rel of ['../../package.json', '../../../package.json']) {
    const url = new URL(rel, import.meta.url);
    if (!existsSync(url)) continue;
    const pkg = JSON.parse(readFileSync(url, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === PACKAGE_NAME && pkg.version) return pkg.version;
  }
  return '0.0.0';
}
