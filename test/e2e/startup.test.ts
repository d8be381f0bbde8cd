/**
 * What the built `baton validate` loads at start-up (issue 23): the bundle's chunks come from
 * the V8 code cache the build made (none refused), `--no-git` starts no child_process, a handoff
 * without a content hash loads no crypto, and output that fits goes straight to the file
 * descriptor without making the stream objects of stdin and stdout. The content hash of a command's
 * handoff is checked without loading node:crypto.
 */
import { spawnSync } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, baton, cleanEnv, DRAFT, makePlainDir, makeRepo } from './_helpers.js';

const plain = makePlainDir();
const repo = makeRepo({ origin: 'https://github.com/acme/startup.git' });
afterAll(() => {
  plain.cleanup();
  repo.cleanup();
});

const log = join(plain.dir, 'loaded.json');
// Records node's own modules and each script the loader compiles, and whether V8 took its cache.
const preload = join(plain.dir, 'preload.cjs');
writeFileSync(
  preload,
  `const vm = require('node:vm'); const fs = require('node:fs'); const scripts = [];
const Script = vm.Script;
vm.Script = class extends Script { constructor(source, options) { super(source, options); scripts.push({ file: options.filename, cached: Boolean(options.cachedData), rejected: this.cachedDataRejected === true }); } };
process.on('exit', () => fs.writeFileSync(${JSON.stringify(log)}, JSON.stringify({ modules: process.moduleLoadList, scripts })));
`,
);

function loads(args: string[], stdio: 'pipe' | 'file' = 'pipe') {
  const out = join(plain.dir, 'out.txt');
  const r = spawnSync(process.execPath, ['--require', preload, BIN, ...args], {
    cwd: repo.dir,
    env: cleanEnv(),
    encoding: 'utf8',
    stdio: ['ignore', stdio === 'file' ? openSync(out, 'w') : 'pipe', 'pipe'],
  });
  const seen = JSON.parse(readFileSync(log, 'utf8')) as {
    modules: string[];
    scripts: { file: string; cached: boolean; rejected: boolean }[];
  };
  const stdout = stdio === 'file' ? readFileSync(out, 'utf8') : r.stdout;
  return { status: r.status, stdout, stderr: r.stderr, ...seen };
}

describe('baton validate at start-up', () => {
  const written = baton(['write'], { cwd: repo.dir, input: DRAFT });
  const handoff = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
  const plainHandoff = join(plain.dir, 'plain.md');
  writeFileSync(plainHandoff, handoff.replace(/^content_hash: .*\n/m, ''));

  it('compiles the chunks it loads from the code cache, and V8 refuses none', () => {
    expect(written.status).toBe(0);
    const run = loads(['validate']);
    expect(run.stdout, run.stderr).toBe(`VALID: ${join(repo.dir, '.baton/handoff.md')}\n`);
    const chunks = run.scripts.filter((s) => s.file.startsWith(join(BIN, '..')));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.filter((s) => !s.cached || s.rejected)).toEqual([]);
  });

  it('--no-git on a handoff without a hash loads neither child_process nor crypto, nor a stdio stream', () => {
    for (const stdio of ['pipe', 'file'] as const) {
      const run = loads(['validate', '--no-git', plainHandoff], stdio);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`VALID: ${plainHandoff}\n`);
      const builtins = run.modules.filter((m) =>
        /^NativeModule (child_process|crypto|stream|net|tty)$/.test(m),
      );
      expect(builtins).toEqual([]);
    }
  });

  it('with git, starts child_process and still makes no stdout stream for its one line', () => {
    const run = loads(['validate'], 'file');
    expect(run.modules).toContain('NativeModule child_process');
    // The content hash of the first handoffs of a process is computed without node:crypto.
    expect(run.modules).not.toContain('NativeModule crypto');
    expect(run.modules.filter((m) => /^NativeModule (tty|internal\/fs\/sync_write_stream)$/.test(m))).toEqual(
      [],
    );
  });
});
