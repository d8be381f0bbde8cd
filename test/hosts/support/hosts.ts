/**
 * The real host binaries for the tests: installed into a cache outside the repository by
 * scripts/install-test-hosts.sh (the tests run it when they are missing), plus a `baton` on PATH
 * that is this checkout's build, as `npm i -g` would put it there.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** This checkout. */
export const REPO_ROOT = ROOT;

/** Where the binaries are once installed. */
export interface HostBinaries {
  claude: string;
  codex: string;
}

function cacheDir(): string {
  return (
    process.env.BATON_TEST_HOSTS_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'baton-test-hosts')
  );
}

/** The installed binaries, installing them first when missing; one clear line when that fails. */
export function ensureHosts(): HostBinaries {
  const cache = cacheDir();
  const bins = (): HostBinaries => ({
    claude: join(cache, 'claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude'),
    codex: join(cache, 'codex/node_modules/.bin/codex'),
  });
  const have = () => existsSync(bins().claude) && existsSync(bins().codex);
  if (!have()) {
    const r = spawnSync('bash', [join(ROOT, 'scripts/install-test-hosts.sh')], {
      encoding: 'utf8',
      timeout: 15 * 60_000,
      env: { ...process.env, BATON_TEST_HOSTS_CACHE: cache },
    });
    if (r.status !== 0 || !have()) {
      throw new Error(
        `the real Claude Code and Codex binaries are missing from ${cache} and could not be installed (run scripts/install-test-hosts.sh; it needs the npm registry): ${(r.stderr ?? '').trim().split('\n').at(-1) ?? ''}`,
      );
    }
  }
  return bins();
}

/** A folder holding a `baton` command that runs this checkout's build. */
export function batonOnPath(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const shim = join(bin, 'baton');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist/bin/baton.cjs')}" "$@"\n`);
  chmodSync(shim, 0o755);
  return bin;
}

/** The environment for a host: nothing from this process that points baton, git or a host elsewhere. */
export function hostEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(BATON_(?!TEST_)|CLAUDE|ANTHROPIC_|OPENAI_|CODEX_|GIT_DIR|GIT_WORK_TREE|GIT_INDEX_FILE)/.test(k))
      continue;
    env[k] = v;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Options of `codexHome`. */
export interface CodexHomeOptions {
  /** Codex compacts once a turn's input passes this many tokens (omit: no automatic compaction). */
  autoCompactTokens?: number;
}

/** A CODEX_HOME in `home` whose model provider is the stand-in at `url` and which trusts `repo`. */
export function codexHome(home: string, url: string, repo: string, options: CodexHomeOptions = {}): string {
  const dir = join(home, '.codex');
  mkdirSync(dir, { recursive: true });
  const compaction =
    options.autoCompactTokens === undefined
      ? []
      : [`model_auto_compact_token_limit = ${options.autoCompactTokens}`, 'model_context_window = 10000'];
  writeFileSync(
    join(dir, 'config.toml'),
    [
      'model = "stub-model"',
      'model_provider = "stub"',
      ...compaction,
      '',
      '[model_providers.stub]',
      'name = "stub"',
      `base_url = "${url}"`,
      'wire_api = "responses"',
      'env_key = "STUB_API_KEY"',
      '',
      `[projects."${repo}"]`,
      'trust_level = "trusted"',
      '',
    ].join('\n'),
  );
  return dir;
}

/** `claude` arguments for a headless run with this checkout's plugin and the tools the scripts use. */
export function claudeArgs(...more: string[]): string[] {
  return [
    ...more,
    '--output-format',
    'json',
    '--plugin-dir',
    join(ROOT, 'plugins/baton'),
    '--allowedTools',
    'Write',
    'Bash',
    'Edit',
  ];
}
