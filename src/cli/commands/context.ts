/** `baton context [paths…]`: the boot context bundle, every artifact labelled and wrapped as data. */
import { resolve } from 'node:path';
import { UserError } from '../../errors.js';
import { renderBundle } from '../../governance/bundle.js';
import { loadContext } from '../../governance/context.js';
import { batonHome } from '../../governance/keys.js';
import { findRepositoryRoot, realPath } from '../../provenance/discover.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';

const FLAGS = {
  json: { type: 'boolean', description: 'print the bundle as JSON' },
  strict: { type: 'boolean', description: 'exit 4 when any artifact is quarantined' },
} as const satisfies Record<string, FlagSpec>;

/** The context command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton context [paths…] [options]

Loads what an agent boots from: AGENTS.md, CLAUDE.md, NEXT_AGENT_INIT.md, every file
under .baton/context/, .baton/handoff.md, and the paths listed in .baton/config.json
under context.paths (or only the files and folders given); a path or symlink that
leads outside the repository is not read (it is listed as quarantined). Each
artifact is judged: its context_manifest (one per file), content hash and ed25519
signature against the trusted keys (those committed in .baton/trusted-keys/ on the
reviewed base ref, read with git, and your trust store $BATON_HOME/trusted-keys/;
keys only in the work tree are proposed and bind nothing), its class and expiry,
supersession, and an injection-risk scan. Then it prints the bundle: every artifact labelled BINDING (approved policy),
ADVISORY (everything else that loads) or QUARANTINED (refused, text withheld), with
the reasons, and its text wrapped as data with its provenance in a wrapper the text
cannot close. Paths given are relative to the working directory.`,
    flags: FLAGS,
    after: `Exit codes: 0 loaded (also when something was quarantined, without --strict),
4 something was quarantined (--strict), 1 a path given does not exist, 64 usage.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('context', args, FLAGS);
    const root = findRepositoryRoot(io.cwd) ?? realPath(io.cwd);
    const paths = positionals.map((p) => resolve(io.cwd, p));
    const bundle = await loadContext({ root, home: batonHome(io.env), ...(paths.length ? { paths } : {}) });
    const missing = positionals.length
      ? bundle.problems.filter((p) => p.endsWith('no such file or folder'))
      : [];
    if (missing.length > 0) {
      throw new UserError('FILE_NOT_FOUND', missing.join('; '), {
        hint: 'relative paths resolve from the working directory',
      });
    }
    if (flags.json) io.stdout(`${JSON.stringify(bundle, null, 2)}\n`);
    else io.stdout(renderBundle(bundle));
    for (const p of bundle.problems) io.stderr(`note: ${p}\n`);
    for (const k of bundle.proposedKeys)
      io.stderr(`note: proposed key "${k.name}" binds nothing: ${k.why}\n`);
    if (bundle.artifacts.length === 0) io.stderr(`note: no boot artifacts found under ${root}\n`);
    for (const a of bundle.artifacts.filter((x) => x.label === 'quarantined')) {
      io.stderr(`QUARANTINED: ${a.path}: ${a.reasons[0] ?? 'refused'}\n`);
    }
    return flags.strict && bundle.counts.quarantined > 0 ? 4 : 0;
  },
};
