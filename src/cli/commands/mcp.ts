/** `baton mcp [--http --port N] [--root dir]`: the MCP server over stdio, or Streamable HTTP on 127.0.0.1. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../../errors.js';
import { type FlagSpec, helpText, integerFlag, parseFlags } from '../args.js';
import type { Command } from '../io.js';

const FLAGS = {
  root: {
    type: 'string',
    value: 'dir',
    description:
      'serve the repository that contains <dir> (default: the working\ndirectory), for hosts that start servers elsewhere',
  },
  http: {
    type: 'boolean',
    description:
      "serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead\n(Host headers other than this machine's are refused)",
  },
  port: { type: 'string', value: 'n', description: 'the port for --http (0 picks a free one; default 8765)' },
} as const satisfies Record<string, FlagSpec>;

/** The mcp command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton mcp [--http --port <n>] [--root <dir>]

Serves the repository it starts in to an MCP client (Claude Code, Codex, Cursor, …):
tools write_handoff, validate_handoff, resume_handoff, import_handoff,
compile_transcript, search_handoffs, show_handoff, load_context,
save_phase_handoff, load_phase_handoff; resources baton://handoff/current,
baton://handoff/{id}, baton://run/{id}; prompts handoff and resume.
Over stdio (the default) stdout carries only protocol frames; logs go to stderr.
Paths given to tools must resolve inside the repository. See docs/mcp.md.`,
    flags: FLAGS,
    after: `Exit codes: 0 when the client closes the connection (or on SIGINT/SIGTERM with
--http), 1 --root names no folder, the port is in use, or a stdio message is over
the 10 MiB frame limit, 64 usage error.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('mcp', args, FLAGS);
    if (positionals.length > 0)
      throw new UserError('USAGE', 'mcp takes no arguments (see `baton mcp --help`)');
    if (flags.port !== undefined && !flags.http) throw new UserError('USAGE', '--port goes with --http');
    const port =
      flags.port === undefined ? 8765 : integerFlag('mcp', 'port', flags.port, { min: 0, max: 65535 });
    const cwd = flags.root === undefined ? io.cwd : resolve(io.cwd, flags.root);
    if (!existsSync(cwd)) throw new UserError('FILE_NOT_FOUND', `--root ${flags.root}: no such folder`);
    const options = {
      cwd,
      env: io.env,
      version: version(),
      log: (line: string) => io.stderr(`baton mcp: ${line}\n`),
    };
    const mcp = await import('../../servers/mcp/index.js');
    if (!flags.http) {
      await mcp.serveStdio(options);
      return 0;
    }
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      await mcp.serveHttp({
        ...options,
        port,
        signal: stop.signal,
        onListening: (url) => io.stderr(`baton mcp: serving ${url}\n`),
      });
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    return 0;
  },
};

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
