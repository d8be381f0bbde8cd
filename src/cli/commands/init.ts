/** `baton init [--claude-code] [--codex]`: set a repository up for baton and the hosts' hooks. */
import { relative } from 'node:path';
import { UserError } from '../../errors.js';
import { initRepository } from '../../hosts/init.js';
import { findRepositoryRoot, realPath } from '../../provenance/discover.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';

const FLAGS = {
  'claude-code': {
    type: 'boolean',
    description:
      "add baton's hooks to .claude/settings.json (PreCompact, SessionStart\nafter compact/resume/clear, SubagentStop), for people who do not\ninstall the plugin",
  },
  codex: {
    type: 'boolean',
    description: "add baton's hooks to .codex/hooks.json (PreCompact, SessionStart)",
  },
  json: { type: 'boolean', description: 'print what changed as JSON' },
} as const satisfies Record<string, FlagSpec>;

/** The init command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton init [--claude-code] [--codex] [--json]

Sets up the repository you are in: .baton/config.json (when there is none) and a
commented block in .gitignore (the handoff, config and trusted keys are committed;
the store, history, run records and subagent handoffs are not).`,
    flags: FLAGS,
    after: `Safe to run again: JSON it finds is merged (only baton's own entries are added), a
file it did not write is never replaced, and a file it cannot read as JSON is
refused before anything is changed.

Exit codes: 0 done, 1 refused (nothing changed), 64 usage.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('init', args, FLAGS);
    if (positionals.length > 0)
      throw new UserError('USAGE', 'init takes no arguments (see `baton init --help`)');
    const root = findRepositoryRoot(io.cwd) ?? realPath(io.cwd);
    const result = initRepository({
      root,
      claudeCode: flags['claude-code'] === true,
      codex: flags.codex === true,
    });
    if (flags.json) {
      io.stdout(`${JSON.stringify({ root, changes: result.changes }, null, 2)}\n`);
      return 0;
    }
    for (const c of result.changes) io.stdout(`${c.action.padEnd(9)} ${relative(root, c.path)}\n`);
    return 0;
  },
};
