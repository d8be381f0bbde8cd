/**
 * End-to-end helpers: run the built `baton` binary in a child process, inside real temporary
 * git repositories. Build first (`npx tsc -p tsconfig.build.json`, or `npm test`).
 */
import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTempRepo, type TempRepo, type TempRepoOptions } from '../../src/testing/git-repo.js';

/** The built command line. */
export const BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/bin/baton.cjs');

if (!existsSync(BIN)) {
  throw new Error(`${BIN} is missing: build first with \`npx tsc -p tsconfig.build.json\` (or \`npm test\`)`);
}

// Variables that would point baton or git somewhere other than the temporary repositories
// (BATON_TEST_* only tell the tests what they may use, such as a PostgreSQL server).
const LEAKY =
  /^(BATON_(?!TEST_)|CONTEXT_KIT_|GIT_(DIR|WORK_TREE|INDEX_FILE|COMMON_DIR|OBJECT_DIRECTORY|CEILING_DIRECTORIES|NAMESPACE|PREFIX)$)/;
for (const key of Object.keys(process.env)) if (LEAKY.test(key)) delete process.env[key];

/** The environment children get: the test process's, without anything that redirects baton or git. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!LEAKY.test(k)) env[k] = v;
  return { ...env, NO_COLOR: '1', ...extra };
}

/** What one run of baton gave back. */
export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Non-empty stderr lines. */
  errLines: string[];
  millis: number;
}

/** Options of `baton()`. */
export interface RunOptions {
  cwd: string;
  input?: string | Buffer;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Runs the built binary `dist/bin/baton.cjs ...args` and waits for it. */
export function baton(args: string[], options: RunOptions): Run {
  const started = Date.now();
  const r: SpawnSyncReturns<string> = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    input: options.input ?? '',
    env: cleanEnv(options.env),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    errLines: r.stderr.split('\n').filter((l) => l.trim() !== ''),
    millis: Date.now() - started,
  };
}

/**
 * The chunks of dist/bin/ one run of the built binary loads, by name without their hash
 * (`validate`, `hook`, …): what a command costs at start-up is mostly what it loads.
 */
export function loadedChunks(args: string[], options: Partial<RunOptions> = {}): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'baton-chunks-'));
  try {
    const log = join(dir, 'loaded.txt');
    const hook = join(dir, 'hook.cjs');
    writeFileSync(log, '');
    writeFileSync(
      hook,
      `const Module = require('node:module');
const fs = require('node:fs');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const resolved = Module._resolveFilename(request, parent, isMain);
  if (resolved.includes('/dist/bin/')) fs.appendFileSync(${JSON.stringify(log)}, resolved + '\\n');
  return load.apply(this, arguments);
};\n`,
    );
    const r = spawnSync(process.execPath, ['-r', hook, BIN, ...args], {
      cwd: options.cwd ?? process.cwd(),
      input: options.input ?? '',
      env: cleanEnv(options.env),
      encoding: 'utf8',
      timeout: options.timeoutMs ?? 20_000,
    });
    if (r.status !== 0) throw new Error(`baton ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((f) => basename(f).replace(/-[\w-]{8}\.cjs$/, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** True when the text holds a JavaScript stack frame. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+/m.test(text) || text.includes('internal error');
}

/** The canonical draft the tests write: two Done items naming files, one sub-spec, one decision. */
export const DRAFT = `---
from: builder
task: TASK-03
status: in-progress
---
# Handoff: TASK-03

## Goal

Add a \`sum(xs)\` function to the calc library, with tests.

## Summary

\`sum\` is written and tested; the README still needs a usage section.

## Done

- [x] Wrote \`src/a.ts\` — verified by \`node -e "process.exit(0)"\` → pass
- [x] Wrote \`src/b.ts\` — verified by \`node -e "process.exit(0)"\` → pass

## Remaining

### Document sum in the README

- Goal: a usage example of sum in README.md
- Files in scope: README.md
- Verify by: \`node -e "process.exit(0)"\`

## Decisions

- Use reduce with 0 as the start — because an empty list must sum to 0
  - Rejected: a for loop — longer, no clearer
`;

/** The draft with its `## Done` items replaced. */
export function draftWithDone(items: readonly string[]): string {
  const start = DRAFT.indexOf('## Done');
  const end = DRAFT.indexOf('## Remaining');
  return `${DRAFT.slice(0, start)}## Done\n\n${items.join('\n')}\n\n${DRAFT.slice(end)}`;
}

/** The draft with a `## Notes` section appended. */
export function draftWithNotes(notes: string): string {
  return `${DRAFT}\n## Notes\n\n${notes}\n`;
}

/** A repository with `src/a.ts`, `src/b.ts` and `src/c.ts` committed on `main`. */
export function makeRepo(options: TempRepoOptions = {}): TempRepo {
  const repo = createTempRepo(options);
  repo.write('src/a.ts', 'export const a = 1;\n');
  repo.write('src/b.ts', 'export const b = 2;\n');
  repo.write('src/c.ts', 'export const c = 3;\n');
  repo.commit('add sources');
  return repo;
}

/** A temporary folder that is not inside any repository. */
export function makePlainDir(): { dir: string; cleanup(): void } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'baton-plain-')));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Bytes and modification time of a file, to prove nothing touched it. */
export function snapshot(path: string): { bytes: Buffer; mtimeMs: number } {
  return { bytes: readFileSync(path), mtimeMs: statSync(path).mtimeMs };
}

/** Every file under a folder (relative paths), sorted; empty when the folder does not exist. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string, prefix: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else out.push(`${prefix}${name}`);
    }
  };
  walk(dir, '');
  return out;
}

/** The front matter of a Markdown handoff as a map. */
export function frontMatter(text: string): Record<string, string> {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!m) throw new Error('no front matter');
  const out: Record<string, string> = {};
  for (const line of (m[1] as string).split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

/** The text of one `## ` section of a rendered brief (heading line included), or '' when absent. */
export function section(text: string, headingStart: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## ${headingStart}`));
  if (start < 0) return '';
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  return lines.slice(start, end).join('\n');
}

/** Repositories and folders made by a test, removed in afterEach. */
export class Scratch {
  private readonly cleanups: (() => void)[] = [];

  repo(options: TempRepoOptions = {}): TempRepo {
    const repo = makeRepo(options);
    this.cleanups.push(() => repo.cleanup());
    return repo;
  }

  plain(): string {
    const p = makePlainDir();
    this.cleanups.push(p.cleanup);
    return p.dir;
  }

  cleanup(): void {
    for (const c of this.cleanups.splice(0)) c();
  }
}

export type { TempRepo };

/**
 * Runs the built binary without blocking this process, for tests whose servers must keep
 * answering while baton runs.
 */
export function batonAsync(args: string[], options: RunOptions): Promise<Run> {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: cleanEnv(options.env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolvePromise({
        status,
        stdout,
        stderr,
        errLines: stderr.split('\n').filter((l) => l.trim() !== ''),
        millis: Date.now() - started,
      });
    });
  });
}
