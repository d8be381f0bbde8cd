/** `baton validate [paths…]`: verdicts and exit codes for handoff artifacts. */
import { FORMAT_NAMES, isFormatName } from '../../formats/names.js';
import type { FormatName } from '../../formats/types.js';
import type { ComparedField } from '../../provenance/compare.js';
import { validatePaths } from '../../validate/many.js';
import { resolveHandoffPath } from '../../validate/paths.js';
import { badValue, type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';
import { formatFinding, jsonReport } from '../output.js';

const FLAGS = {
  format: {
    type: 'string',
    value: 'f',
    description: 'auto (default: by content), baton, context-kit, json,\nanchor, pipeline-xml, forge, phase',
  },
  'no-git': {
    type: 'boolean',
    description:
      "do not read git; compare only the --current-* values given\n(with --format context-kit: exactly context-kit's validator)",
  },
  'current-repository': {
    type: 'string',
    value: 'v',
    description: "the current repository, instead of git's",
  },
  'current-branch': { type: 'string', value: 'v', description: "the current branch, instead of git's" },
  'current-base-ref': { type: 'string', value: 'v', description: "the current base ref, instead of git's" },
  'current-head': { type: 'string', value: 'v', description: "the current HEAD commit, instead of git's" },
  'current-base-commit': {
    type: 'string',
    value: 'v',
    description: "the current merge-base, instead of git's",
  },
  'current-worktree-state': { type: 'string', value: 'v', description: "clean or dirty, instead of git's" },
  json: { type: 'boolean', description: 'print the report as JSON on stdout' },
  quiet: { type: 'boolean', short: 'q', description: 'print nothing on stdout' },
} as const satisfies Record<string, FlagSpec>;

const CURRENT: ComparedField[] = [
  'repository',
  'branch',
  'base_ref',
  'head',
  'base_commit',
  'worktree_state',
];

/** The validate command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton validate [paths…] [options]

Checks each handoff: is it well formed (INVALID), is it about the same work (MISMATCH),
has the work moved on since (STALE), can it be trusted (UNTRUSTED: a content hash or
signature that does not verify, a class the writer's role may not write, a high-severity
injection-risk finding). The writer's role is $BATON_ROLE, as the run engine sets it. A folder stands for
every .md and .json handoff in it. Without a path: $BATON_HANDOFF_PATH, else
.baton/handoff.md (with --format context-kit: $CONTEXT_KIT_HANDOFF_PATH, .context-kit/handoff.md).
A path given is relative to the working directory; the defaults and the environment
variables resolve from the repository root.`,
    flags: FLAGS,
    after: `Exit codes: 0 VALID, 1 INVALID, 2 MISMATCH, 3 STALE, 4 UNTRUSTED, 64 usage error,
70 internal error. With several handoffs the worst verdict wins (1 > 4 > 2 > 3 > 0).`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('validate', args, FLAGS);
    const format = flags.format ?? 'auto';
    if (format !== 'auto' && !isFormatName(format)) {
      throw badValue('validate', 'format', format, ['auto', ...FORMAT_NAMES]);
    }
    const current: Partial<Record<ComparedField, string>> = {};
    for (const field of CURRENT) {
      const value = flags[`current-${field.replace('_', '-')}` as keyof typeof flags];
      if (typeof value === 'string') current[field] = value;
    }
    const state = current.worktree_state;
    if (state !== undefined && state !== 'clean' && state !== 'dirty') {
      throw badValue('validate', 'current-worktree-state', state, ['clean', 'dirty']);
    }
    const resolveOptions = { format: format as FormatName | 'auto', cwd: io.cwd, env: io.env };
    const paths = positionals.length
      ? positionals.map((p) => resolveHandoffPath(p, resolveOptions))
      : [resolveHandoffPath(undefined, resolveOptions)];
    const compat = format === 'context-kit' && flags['no-git'];
    // The role matters only to baton's own checks, which context-kit's mode leaves out.
    const role = compat ? undefined : (await import('../../governance/classes.js')).currentRole(io.env);
    const summary = await validatePaths(paths, {
      format: format as FormatName | 'auto',
      git: !flags['no-git'],
      current,
      ...(role?.role ? { role } : {}),
    });
    if (flags.json) {
      const reports = summary.reports.map(jsonReport);
      const out =
        reports.length === 1 ? reports[0] : { verdict: summary.verdict, exitCode: summary.exitCode, reports };
      io.stdout(`${JSON.stringify(out, null, 2)}\n`);
      return summary.exitCode;
    }
    for (const r of summary.reports) {
      for (const f of r.findings) io.stderr(`${formatFinding(r.path, f)}\n`);
      if (r.verdict === 'VALID' && !flags.quiet) io.stdout(`VALID: ${r.path}\n`);
    }
    return summary.exitCode;
  },
};
