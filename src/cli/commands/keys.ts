/** `baton keys generate <name>` and `baton keys list`: ed25519 keys for approving artifacts. */
import { join } from 'node:path';
import { UserError } from '../../errors.js';
import { batonHome, generateKey, loadTrustedKeys, TRUSTED_KEYS_DIR } from '../../governance/keys.js';
import { findRepositoryRoot } from '../../provenance/discover.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';

const FLAGS = {
  'no-trust': { type: 'boolean', description: 'do not write the public key into the repository' },
  json: { type: 'boolean', description: 'print the result as JSON' },
} as const satisfies Record<string, FlagSpec>;

/** The keys command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton keys generate <name> [--no-trust] [--json]
       baton keys list [--json]

generate: creates an ed25519 key pair. The private key goes to
$BATON_HOME/keys/<name>.key (default ~/.config/baton; mode 0600); the public key
beside it and, inside a git repository, to .baton/trusted-keys/<name>.pub: commit
that file to trust the key there. An existing key is never overwritten.

list: the private keys in $BATON_HOME/keys and the keys this repository trusts.`,
    flags: FLAGS,
    after: `Exit codes: 0 done, 1 the name is taken, 64 usage.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('keys', args, FLAGS);
    const [action, name, ...rest] = positionals;
    const home = batonHome(io.env);
    const root = findRepositoryRoot(io.cwd);
    if (action === 'generate') {
      if (!name || rest.length > 0)
        throw new UserError('USAGE', 'give one key name: `baton keys generate <name>`');
      const trustDir = root && !flags['no-trust'] ? join(root, TRUSTED_KEYS_DIR) : undefined;
      const key = await generateKey(name, { home, ...(trustDir ? { trustDir } : {}) });
      if (flags.json) {
        io.stdout(`${JSON.stringify(key, null, 2)}\n`);
        return 0;
      }
      io.stdout(`generated ed25519 key "${key.name}" (${key.fingerprint})\n`);
      io.stdout(`private key: ${key.privatePath} (keep it secret)\n`);
      io.stdout(`public key:  ${key.publicPath}\n`);
      if (key.trustedPath) io.stdout(`trusted:     ${key.trustedPath} (commit it to trust the key here)\n`);
      else io.stderr("note: the public key was not added to any repository's .baton/trusted-keys/\n");
      return 0;
    }
    if (action === 'list') {
      if (positionals.length > 1) throw new UserError('USAGE', '`baton keys list` takes no arguments');
      const own = await loadTrustedKeys(join(home, 'keys'));
      const trusted = root ? await loadTrustedKeys(join(root, TRUSTED_KEYS_DIR)) : undefined;
      const shape = (t: typeof own | undefined) =>
        [...(t?.keys.values() ?? [])].map((k) => ({
          name: k.name,
          fingerprint: k.fingerprint,
          path: k.path,
        }));
      const problems = [...own.problems, ...(trusted?.problems ?? [])];
      if (flags.json) {
        io.stdout(
          `${JSON.stringify({ home, own: shape(own), trusted: shape(trusted), problems }, null, 2)}\n`,
        );
        return 0;
      }
      io.stdout(`your keys (${join(home, 'keys')}):\n`);
      for (const k of shape(own)) io.stdout(`  ${k.name}  ${k.fingerprint}\n`);
      if (root) {
        io.stdout(`trusted here (${join(root, TRUSTED_KEYS_DIR)}):\n`);
        for (const k of shape(trusted)) io.stdout(`  ${k.name}  ${k.fingerprint}\n`);
      }
      for (const p of problems) io.stderr(`note: ${p.path}: ${p.message}\n`);
      return 0;
    }
    throw new UserError(
      'USAGE',
      `unknown keys action ${JSON.stringify(action ?? '')}: generate or list (see \`baton keys --help\`)`,
    );
  },
};
