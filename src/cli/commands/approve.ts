/** `baton approve <file> --key <name>`: sign an artifact exactly as it is. */
import { dirname } from 'node:path';
import { UserError } from '../../errors.js';
import { approveFile, bindingNextStep } from '../../governance/approve.js';
import { isArtifactClass } from '../../governance/classes.js';
import { batonHome } from '../../governance/keys.js';
import { ARTIFACT_CLASSES } from '../../handoff/values.js';
import { findRepositoryRoot } from '../../provenance/discover.js';
import { resolveHandoffPath } from '../../validate/paths.js';
import { badValue, type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';

const FLAGS = {
  key: { type: 'string', value: 'name', description: 'the key to sign with (required)' },
  class: {
    type: 'string',
    value: 'class',
    description:
      'set the class as you approve it (e.g. policy); required when\nthe file names none (a handoff is operational_handoff)',
  },
  json: { type: 'boolean', description: 'print what was approved as JSON' },
} as const satisfies Record<string, FlagSpec>;

/** The approve command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton approve <file> --key <name> [--class <class>] [--json]

Signs the file as it is now with your private key $BATON_HOME/keys/<name>.key. Its
context_manifest (created from the file's own fields when it has none) gets
content_hash (sha256 of the text after the front matter), approved_by and approved_at,
and a signature over them and every other manifest field. Nothing else in the file
changes; it is written atomically. The approval binds where the public key is
trusted: committed in .baton/trusted-keys/ on the reviewed base ref (origin/main,
the upstream, or the default branch), or in your trust store (baton keys trust).
A key only in the work tree is proposed and binds nothing. Text with a
high-severity injection-risk finding, a file with two context_manifest blocks,
or a handoff whose content_hash no longer matches, is refused. Refused too when
BATON_ROLE is child or sibling: agents do not approve.`,
    flags: FLAGS,
    after: `Exit codes: 0 approved, 1 file or key missing, 4 refused (the text, or an agent's
BATON_ROLE), 64 usage.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('approve', args, FLAGS);
    if (positionals.length !== 1)
      throw new UserError('USAGE', 'approve takes one file (see `baton approve --help`)');
    if (!flags.key)
      throw new UserError('USAGE', 'name the signing key with --key <name> (see `baton keys generate`)');
    if (flags.class !== undefined && !isArtifactClass(flags.class))
      throw badValue('approve', 'class', flags.class, ARTIFACT_CLASSES);
    const path = resolveHandoffPath(positionals[0], { cwd: io.cwd, env: io.env });
    const result = await approveFile(path, {
      keyId: flags.key,
      home: batonHome(io.env),
      env: io.env,
      ...(flags.class ? { class: flags.class } : {}),
    });
    if (flags.json) {
      const { text: _text, ...rest } = result;
      io.stdout(`${JSON.stringify({ path, ...rest }, null, 2)}\n`);
      return 0;
    }
    io.stdout(
      `approved ${path} as ${result.class} (artifact ${result.artifactId}, ${result.contentHash}) with key "${flags.key}"\n`,
    );
    const root = findRepositoryRoot(dirname(path)) ?? dirname(path);
    const next = await bindingNextStep(path, result, { root, keyId: flags.key, home: batonHome(io.env) });
    io.stdout(next ? `next: ${next}\n` : 'it binds now: `baton context` loads it as binding\n');
    return 0;
  },
};
