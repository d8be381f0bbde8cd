/** `baton compile <transcript>`: a Claude Code or Codex session log in, a draft handoff out. */
import { resolve } from 'node:path';
import { UserError } from '../../errors.js';
import { compileAndWrite } from '../../hosts/compile-write.js';
import { compileTranscript } from '../../transcripts/transcripts.js';
import type { TranscriptKind } from '../../transcripts/types.js';
import { writeHandoffFile } from '../../write/replace.js';
import { badValue, type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';
import { printWriteRefusal } from '../output.js';

const FLAGS = {
  output: {
    type: 'string',
    short: 'o',
    value: 'file',
    description:
      'write the draft there instead of stdout (with --write: the\nhandoff path, default .baton/handoff.md)',
  },
  write: {
    type: 'boolean',
    description:
      'pass the draft through `baton write`: id, time, git\nprovenance, hash, validation, the previous handoff kept',
  },
  json: { type: 'boolean', description: 'print {kind, handoff, stats} as JSON' },
  host: { type: 'string', value: 'h', description: 'claude-code or codex (default: from the content)' },
  from: {
    type: 'string',
    value: 'id',
    description: 'the writer (default <host>:<first 8 of the session id>)',
  },
  root: {
    type: 'string',
    value: 'dir',
    description:
      'make paths relative to this folder (default: the repository\nthe session worked in, else its working directory)',
  },
  'no-git': { type: 'boolean', description: 'with --write: write without provenance' },
} as const satisfies Record<string, FlagSpec>;

/** The compile command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton compile <transcript> [-o file] [--write] [--json]

Reads a Claude Code session (~/.claude/projects/<project>/<session>.jsonl, with its
<session>/subagents/) or a Codex rollout ($CODEX_HOME/sessions/…/rollout-*.jsonl),
recognised by content and read line by line, and prints a canonical draft handoff:
the first request as Goal, later steering requests as Preferences, every file
written or edited, the checks run with their last result, the task list, commits,
failing checks, and dead ends. Tool output is never copied. The same file always
gives the same bytes.`,
    flags: FLAGS,
    after:
      'Exit codes: 0 compiled (and written), 1 not a transcript or write refused, 4 write\nrefused it as UNTRUSTED, 64 usage.',
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('compile', args, FLAGS);
    if (positionals.length !== 1) {
      throw new UserError('USAGE', 'compile takes one transcript (see `baton compile --help`)');
    }
    const host = flags.host;
    if (host !== undefined && host !== 'claude-code' && host !== 'codex') {
      throw badValue('compile', 'host', host, ['claude-code', 'codex']);
    }
    const transcript = resolve(io.cwd, positionals[0] as string);
    const kind = host as TranscriptKind | undefined;
    if (flags.write) {
      const { compiled, written } = await compileAndWrite(transcript, {
        cwd: io.cwd,
        env: io.env,
        ...(flags.output ? { path: flags.output } : {}),
        ...(kind ? { kind } : {}),
        ...(flags.from ? { from: flags.from } : {}),
        git: !flags['no-git'],
      });
      if (!written.ok) return printWriteRefusal(io, written);
      for (const note of written.notes) io.stderr(`note: ${note}\n`);
      if (flags.json) {
        io.stdout(
          `${JSON.stringify({ kind: compiled.kind, path: written.path, handoff: written.handoff }, null, 2)}\n`,
        );
      } else io.stdout(`wrote ${written.path} (id ${written.handoff.id})\n`);
      return 0;
    }
    const root = flags.root ? resolve(io.cwd, flags.root) : undefined;
    const compiled = await compileTranscript(transcript, {
      ...(root ? { root } : {}),
      ...(kind ? { kind } : {}),
      ...(flags.from ? { from: flags.from } : {}),
    });
    if (flags.json) {
      const { session } = compiled;
      const stats = {
        ...session.stats,
        requests: session.requests.length,
        files: session.files.size,
        commands: session.commands.length,
      };
      io.stdout(`${JSON.stringify({ kind: compiled.kind, handoff: compiled.handoff, stats }, null, 2)}\n`);
    } else if (flags.output) {
      // The same safe replace as `write`, `import -o` and `convert -o`: an old file goes to history.
      await writeHandoffFile(resolve(io.cwd, flags.output), compiled.draft);
      io.stderr(`wrote the draft to ${flags.output}\n`);
    } else io.stdout(compiled.draft);
    return 0;
  },
};
