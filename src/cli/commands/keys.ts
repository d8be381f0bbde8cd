/** `baton keys generate|trust|list`: ed25519 keys for approving artifacts, and which are trusted. */
import { join, resolve } from 'node:path';
import { UserError } from '../../errors.js';
import { batonHome, generateKey, loadTrustedKeys, TRUSTED_KEYS_DIR } from '../../governance/keys.js';
import { loadTrustRoots, trustKey } from '../../governance/trust.js';
import { findRepositoryRoot, realPath } from '../../provenance/discover.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command, CommandIO } from '../io.js';

const FLAGS = {
  'no-trust': { type: 'boolean', description: 'do not write the public key into the repository' },
  name: {
    type: 'string',
    value: 'name',
    description: "(trust) the name to trust the key under (default: the file's)",
  },
  json: { type: 'boolean', description: 'print the result as JSON' },
} as const satisfies Record<string, FlagSpec>;

/** The keys command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton keys generate <name> [--no-trust] [--json]
       baton keys trust <file.pub> [--name <name>] [--json]
       baton keys list [--json]

generate: creates an ed25519 key pair. The private key goes to
$BATON_HOME/keys/<name>.key (default ~/.config/baton; mode 0600), the public key
beside it and, inside a git repository, to .baton/trusted-keys/<name>.pub as a
proposal: it binds nothing until it is committed and merged into the base ref
(origin/main, the upstream, or the default branch). An existing key is never
overwritten.

trust: adds a public key to your own trust store, $BATON_HOME/trusted-keys/,
which every repository you work in trusts besides its base ref's keys.

list: your private keys, the keys trusted here (and which root trusts each), and
the proposed keys that bind nothing.

generate and trust refuse when BATON_ROLE is child or sibling: agents do not
approve.`,
    flags: FLAGS,
    after: `Exit codes: 0 done, 1 the name is taken or the file is not a key, 4 refused
(BATON_ROLE is child or sibling), 64 usage.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('keys', args, FLAGS);
    const [action, arg, ...rest] = positionals;
    const home = batonHome(io.env);
    const root = findRepositoryRoot(io.cwd);
    if (action === 'generate') {
      if (!arg || rest.length > 0)
        throw new UserError('USAGE', 'give one key name: `baton keys generate <name>`');
      const trustDir = root && !flags['no-trust'] ? join(root, TRUSTED_KEYS_DIR) : undefined;
      const key = await generateKey(arg, { home, env: io.env, ...(trustDir ? { trustDir } : {}) });
      if (flags.json) return json(io, key);
      io.stdout(`generated ed25519 key "${key.name}" (${key.fingerprint})\n`);
      io.stdout(`private key: ${key.privatePath} (keep it secret)\n`);
      io.stdout(`public key:  ${key.publicPath}\n`);
      if (key.trustedPath)
        io.stdout(
          `proposed:    ${key.trustedPath} (binds nothing until committed and merged into the base ref)\n`,
        );
      io.stderr(`note: to trust it yourself in every repository: baton keys trust ${key.publicPath}\n`);
      return 0;
    }
    if (action === 'trust') {
      if (!arg || rest.length > 0)
        throw new UserError('USAGE', 'give one public key file: `baton keys trust <file.pub>`');
      const result = await trustKey(resolve(io.cwd, arg), {
        home,
        env: io.env,
        ...(flags.name ? { name: flags.name } : {}),
      });
      if (flags.json) return json(io, result);
      io.stdout(
        result.added
          ? `trusted "${result.name}" (${result.fingerprint}) in your trust store: ${result.path}\n`
          : `"${result.name}" (${result.fingerprint}) was already in your trust store\n`,
      );
      return 0;
    }
    if (action === 'list') {
      if (positionals.length > 1) throw new UserError('USAGE', '`baton keys list` takes no arguments');
      return list(io, home, root ?? realPath(io.cwd), flags.json === true);
    }
    throw new UserError(
      'USAGE',
      `unknown keys action ${JSON.stringify(action ?? '')}: generate, trust or list (see \`baton keys --help\`)`,
    );
  },
};

async function list(io: CommandIO, home: string, root: string, asJson: boolean): Promise<number> {
  const own = await loadTrustedKeys(join(home, 'keys'));
  const trust = await loadTrustRoots(root, { home });
  const ownKeys = [...own.keys.values()].map((k) => ({
    name: k.name,
    fingerprint: k.fingerprint,
    path: k.path,
  }));
  const trusted = [...trust.keys.values()].map((k) => ({
    name: k.name,
    fingerprint: k.fingerprint,
    path: k.path,
    root: k.root,
    trustedBy: k.trustedBy,
  }));
  const proposed = [...trust.proposed.values()].map((k) => ({
    name: k.name,
    fingerprint: k.fingerprint,
    path: k.path,
    why: k.why,
  }));
  const problems = [...own.problems, ...trust.problems];
  if (asJson) return json(io, { home, own: ownKeys, trusted, proposed, problems });
  io.stdout(`your keys (${join(home, 'keys')}):\n`);
  for (const k of ownKeys) io.stdout(`  ${k.name}  ${k.fingerprint}\n`);
  io.stdout(`trusted here (by ${trust.roots.join(' and ') || 'no root'}):\n`);
  for (const k of trusted) io.stdout(`  ${k.name}  ${k.fingerprint}  trusted by ${k.trustedBy}\n`);
  if (proposed.length > 0) io.stdout('proposed (they bind nothing):\n');
  for (const k of proposed) io.stdout(`  ${k.name}  ${k.fingerprint}  ${k.path}: ${k.why}\n`);
  for (const p of problems) io.stderr(`note: ${p.path}: ${p.message}\n`);
  return 0;
}

function json(io: CommandIO, value: unknown): number {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
  return 0;
}
