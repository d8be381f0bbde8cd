/** `baton write [path]`: a draft in, a validated, provenance-anchored handoff out. */
import { UserError } from '../../errors.js';
import type { Status } from '../../handoff/types.js';
import { STATUSES } from '../../handoff/values.js';
import { resolveHandoffPath } from '../../validate/paths.js';
import { READ_LIMIT } from '../../validate/read.js';
import { writeHandoff } from '../../write/write.js';
import { badValue, type FlagSpec, helpText, integerFlag, parseFlags } from '../args.js';
import { readInputBytes } from '../input.js';
import type { Command } from '../io.js';
import { printWriteRefusal } from '../output.js';

const FLAGS = {
  input: {
    type: 'string',
    short: 'i',
    value: 'file|-',
    description: 'read the draft from a file (- for stdin, the default)',
  },
  format: { type: 'string', value: 'f', description: 'baton (default) or context-kit' },
  from: {
    type: 'string',
    value: 'id',
    description: 'the writer (agent or role), required unless the draft has it',
  },
  to: { type: 'string', value: 'id', description: 'the intended receiver' },
  task: { type: 'string', value: 'id', description: 'the task id, e.g. TASK-03' },
  status: {
    type: 'string',
    value: 's',
    description: "in-progress, blocked, complete or failed (default: the\ndraft's, else in-progress)",
  },
  title: { type: 'string', value: 'text', description: 'the # title (default: Handoff: <task>)' },
  window: { type: 'string', value: 'n', description: 'which context window of the task wrote it' },
  'base-ref': {
    type: 'string',
    value: 'ref',
    description:
      "the ref the work is based on (default: git config\nbaton.baseRef, else origin/HEAD's target, else the default\nbranch; not the branch's own upstream)",
  },
  'no-git': { type: 'boolean', description: 'write without git provenance' },
  json: { type: 'boolean', description: 'print the written handoff as JSON' },
} as const satisfies Record<string, FlagSpec>;

/** The write command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton write [path] [options] < draft.md

Reads a draft (canonical Markdown, context-kit Markdown, or JSON matching
schema/handoff-v1.schema.json) from stdin or --input, fills id, created_at, git
provenance and content_hash, validates it, and writes it atomically to path
(default: $BATON_HANDOFF_PATH, else .baton/handoff.md; with --format context-kit
.context-kit/handoff.md). A handoff already there, readable or not, is moved to
.baton/history/<created_at>-<id>.md and becomes the new one's parent; writers at
once take turns under a lock on the file, so none loses another's handoff. A path
that a symlink leads out of the repository is refused, and nothing is created there.
A draft over the caps is refused with the section to fold and by how much.`,
    flags: FLAGS,
    after: `A class the writer's role ($BATON_ROLE, set by the run engine) may not write, or text
with a high-severity injection-risk finding, is refused as UNTRUSTED. An approval in the
draft's context_manifest is removed: it covered other text.

Exit codes: 0 written, 1 refused (the draft is invalid or over the caps, the path
leads out of the repository, another writer held the file for 60 s), 4 refused as
UNTRUSTED, 64 usage error.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('write', args, FLAGS);
    const format = flags.format ?? 'baton';
    if (format !== 'baton' && format !== 'context-kit') {
      throw badValue('write', 'format', format, ['baton', 'context-kit']);
    }
    if (flags.status && !(STATUSES as readonly string[]).includes(flags.status)) {
      throw badValue('write', 'status', flags.status, STATUSES);
    }
    const window =
      flags.window === undefined ? undefined : integerFlag('write', 'window', flags.window, { min: 1 });
    if (positionals.length > 1)
      throw new UserError('USAGE', 'write takes one path (see `baton write --help`)');
    const draft = await readDraft(flags.input, io);
    const path = resolveHandoffPath(positionals[0], { format, cwd: io.cwd, env: io.env, keepLinks: true });
    const result = await writeHandoff({
      path,
      draft,
      format,
      fields: {
        from: flags.from,
        to: flags.to,
        task: flags.task,
        status: flags.status as Status | undefined,
        title: flags.title,
        window,
      },
      baseRef: flags['base-ref'],
      git: !flags['no-git'],
      role: (await import('../../governance/classes.js')).currentRole(io.env),
      keepReplacedIn: async () =>
        (await import('../../store/open.js')).openStore({ cwd: io.cwd, env: io.env, create: true }),
    });
    // The person's own file and line, when the draft came from one.
    if (!result.ok)
      return printWriteRefusal(io, result, flags.input && flags.input !== '-' ? flags.input : 'draft');
    for (const note of result.notes) io.stderr(`note: ${note}\n`);
    if (flags.json) {
      io.stdout(
        `${JSON.stringify({ path: result.path, archived: result.archived, handoff: result.handoff }, null, 2)}\n`,
      );
      return 0;
    }
    io.stdout(`wrote ${result.path} (id ${result.handoff.id})\n`);
    if (result.archived) io.stdout(`kept the previous handoff at ${result.archived}\n`);
    return 0;
  },
};

async function readDraft(input: string | undefined, io: Parameters<Command['run']>[1]): Promise<Buffer> {
  if (!input && io.stdinIsTTY) {
    throw new UserError('USAGE', 'give the draft on stdin or with --input <file> (see `baton write --help`)');
  }
  return (await readInputBytes(input, io, 'draft', READ_LIMIT)).bytes;
}
