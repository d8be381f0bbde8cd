/**
 * The package as a user gets it: `npm pack`, `npm install -g` of the tarball into an empty prefix,
 * then the installed `baton` in a new repository and the Claude Code plugin inside the installed
 * package, checked and installed with the real `claude` binary as docs/hosts.md says.
 *
 * GitHub (where better-sqlite3's prebuilt binaries live) is not reachable here, and compiling it
 * from source takes minutes: the test serves the binary this checkout already built from a local
 * mirror, through better-sqlite3's own install script (`npm_config_better_sqlite3_binary_host`).
 * The install therefore runs every install script, as a user's does.
 */
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { DRAFT } from '../e2e/_helpers.js';
import { ensureHosts, hostEnv, REPO_ROOT } from '../hosts/support/hosts.js';
import { run } from '../hosts/support/run.js';

const PKG = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};

/** A local stand-in for better-sqlite3's release downloads, serving this checkout's build. */
async function startBinaryMirror(scratch: string): Promise<{ url: string; hits: string[]; server: Server }> {
  const sqlite = join(REPO_ROOT, 'node_modules/better-sqlite3');
  const stage = join(scratch, 'stage');
  mkdirSync(join(stage, 'build/Release'), { recursive: true });
  const copied = spawnSync('cp', [
    join(sqlite, 'build/Release/better_sqlite3.node'),
    join(stage, 'build/Release'),
  ]);
  expect(copied.status).toBe(0);
  const tarball = join(scratch, 'better-sqlite3.tar.gz');
  expect(spawnSync('tar', ['-C', stage, '-czf', tarball, 'build']).status).toBe(0);
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (!req.url?.endsWith('.tar.gz')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip' });
    createReadStream(tarball).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

describe('the package, packed and installed globally into an empty prefix', () => {
  let scratch: string;
  let prefix: string;
  let installed: string;
  let env: NodeJS.ProcessEnv;
  let repo: TempRepo;
  let claude: string;
  let mirrorHits: string[] = [];

  beforeAll(async () => {
    claude = ensureHosts().claude;
    scratch = realpathSync(mkdtempSync(join(tmpdir(), 'baton-install-')));
    prefix = join(scratch, 'prefix');
    // `npm test` has just built dist/; packing with its `prepare` would build it a second time.
    const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(pack.status, pack.stderr).toBe(0);
    const tarball = join(scratch, (JSON.parse(pack.stdout) as { filename: string }[])[0]?.filename ?? '');
    const mirror = await startBinaryMirror(scratch);
    mirrorHits = mirror.hits;
    try {
      const install = await run(
        'npm',
        ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
        scratch,
        { ...process.env, npm_config_better_sqlite3_binary_host: mirror.url },
        10 * 60_000,
      );
      expect(install.status, install.stderr).toBe(0);
    } finally {
      mirror.server.close();
    }
    installed = join(prefix, 'lib/node_modules', PKG.name);
    // Only the installed package's bin folder, node and git: no checkout, no other baton.
    const path = [join(prefix, 'bin'), dirname(process.execPath), '/usr/bin', '/bin'].join(':');
    env = hostEnv({ PATH: path, HOME: join(scratch, 'home'), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' });
    mkdirSync(join(scratch, 'home'), { recursive: true });
    repo = createTempRepo();
  }, 12 * 60_000);

  afterAll(() => {
    repo?.cleanup();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const installedBaton = (args: string[], input = '') =>
    spawnSync('baton', args, { cwd: repo.dir, env, input, encoding: 'utf8', timeout: 30_000 });

  it('puts `baton` on PATH, under the package name, and runs better-sqlite3 install script', () => {
    expect(PKG.name).not.toBe('baton');
    expect(existsSync(join(prefix, 'bin/baton'))).toBe(true);
    const which = spawnSync('sh', ['-c', 'command -v baton'], { env, encoding: 'utf8' });
    expect(which.stdout.trim()).toBe(join(prefix, 'bin/baton'));
    const version = installedBaton(['--version']);
    expect([version.status, version.stdout, version.stderr]).toEqual([0, `${PKG.version}\n`, '']);
    expect(mirrorHits.some((h) => h.endsWith('.tar.gz'))).toBe(true);
  });

  it('sets a new repository up for both hosts, and its store opens (the native module loads)', () => {
    const init = installedBaton(['init', '--claude-code', '--codex']);
    expect(init.status, init.stderr).toBe(0);
    for (const file of ['.baton/config.json', '.gitignore', '.claude/settings.json', '.codex/hooks.json']) {
      expect(existsSync(join(repo.dir, file)), file).toBe(true);
    }
    const settings = readFileSync(join(repo.dir, '.claude/settings.json'), 'utf8');
    expect(settings).toContain(`npm i -g ${PKG.name}`);
    const write = installedBaton(['write', '--from', 'builder', '--task', 'TASK-01'], DRAFT);
    expect(write.status, write.stderr).toBe(0);
    const archive = installedBaton(['archive']);
    expect(archive.status, archive.stderr).toBe(0);
    const log = installedBaton(['log']);
    expect([log.status, log.stderr]).toEqual([0, '']);
    expect(log.stdout).toContain('TASK-01');
  });

  it('ships the plugin and the marketplace, and `claude plugin validate` passes on both', () => {
    for (const target of [join(installed, 'plugins/baton'), installed]) {
      const r = spawnSync(claude, ['plugin', 'validate', target], { env, encoding: 'utf8', timeout: 60_000 });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain('Validation passed');
    }
  }, 120_000);

  it('installs the plugin from the installed package as a local marketplace, as docs/hosts.md says', () => {
    const root = spawnSync('npm', ['root', '-g', '--prefix', prefix], { env, encoding: 'utf8' });
    expect(root.stdout.trim()).toBe(join(prefix, 'lib/node_modules'));
    const steps = [
      ['plugin', 'marketplace', 'add', join(root.stdout.trim(), PKG.name)],
      ['plugin', 'install', 'baton@baton'],
    ];
    for (const args of steps) {
      const r = spawnSync(claude, args, { cwd: repo.dir, env, encoding: 'utf8', timeout: 60_000 });
      expect(r.status, `${args.join(' ')}: ${r.stdout}${r.stderr}`).toBe(0);
    }
    const list = spawnSync(claude, ['plugin', 'list'], {
      cwd: repo.dir,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(list.stdout).toMatch(/baton@baton/);
  }, 180_000);
});
