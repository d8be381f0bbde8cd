/**
 * A2A test helpers: a sender repository and a receiver clone of it, the BUILT `baton serve a2a`
 * started as a real process, and the SDK's own client. Build first (`npm run build`).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Part, SendMessageRequest } from '@a2a-js/sdk';
import {
  type Client,
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
} from '@a2a-js/sdk/client';
import { messageRequest } from '../../src/a2a/client.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { BIN, baton, cleanEnv, DRAFT } from '../e2e/_helpers.js';

export { BIN, baton, cleanEnv, DRAFT };

/** The repository identity both checkouts share. */
export const ORIGIN = 'https://github.com/acme/calc.git';

/** A sender repository and a receiver clone of the same repository (same identity). */
export interface Pair {
  sender: TempRepo;
  receiver: string;
  cleanup(): void;
}

/** Makes a sender repository with one commit and a clone of it for the receiver. */
export function makePair(): Pair {
  const sender = createTempRepo({ prefix: 'sender', origin: ORIGIN });
  sender.write('src/.keep', '');
  sender.commit('project');
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'baton-receiver-')));
  const receiver = join(parent, 'receiver');
  git(parent, ['clone', '-q', sender.dir, receiver]);
  git(receiver, ['remote', 'set-url', 'origin', ORIGIN]);
  git(receiver, ['config', 'user.email', 'receiver@baton.invalid']);
  git(receiver, ['config', 'user.name', 'receiver']);
  return {
    sender,
    receiver,
    cleanup() {
      sender.cleanup();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

/** Runs git and returns its stdout, throwing on failure. */
export function git(cwd: string, args: string[]): string {
  const r = spawnSync('git', ['-C', cwd, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** Writes the sample handoff in the sender repository and returns its text. */
export function writeHandoff(repo: TempRepo, draft = DRAFT, path = '.baton/handoff.md'): string {
  const w = baton(['write', path], { cwd: repo.dir, input: draft });
  if (w.status !== 0) throw new Error(`baton write failed: ${w.stderr}`);
  return spawnSync('cat', [join(repo.dir, path)], { encoding: 'utf8' }).stdout;
}

/** A running `baton serve a2a`. */
export interface Served {
  url: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Stops it (SIGTERM by default) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Starts the built server in `cwd` and waits for its URL. */
export async function serve(
  cwd: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', 'a2a', '--port', '0', ...args], {
    cwd,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 15_000);
    const check = () => {
      const m = /listening on (http:\/\/\S+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    };
    child.stdout?.on('data', check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${err}`));
    });
  });
  return {
    url,
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    stop: (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The SDK's own client for `url`, with a bearer token when given. */
export async function sdkClient(url: string, token?: string): Promise<Client> {
  const authed: typeof fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
  return new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl: authed })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl: authed }),
  }).createFromUrl(url);
}

/** A text part. */
export function text(value: string, mediaType = 'text/markdown'): Part {
  return { content: { $case: 'text', value }, mediaType, filename: '', metadata: {} };
}

/** A data part. */
export function data(value: unknown): Part {
  return { content: { $case: 'data', value }, mediaType: 'application/json', filename: '', metadata: {} };
}

/** A send request for the SDK client: the parts, `metadata.handoff = true` unless told otherwise. */
export function request(
  parts: Part[],
  metadata: Record<string, unknown> = { handoff: true },
): SendMessageRequest {
  return messageRequest(parts, metadata);
}

/** The lines of a task's status message. */
export function statusText(task: {
  status?: { message?: { parts: Part[] } | undefined } | undefined;
}): string {
  return (task.status?.message?.parts ?? [])
    .map((p) => (p.content?.$case === 'text' ? p.content.value : ''))
    .join('\n');
}

/** The events of the only run in `dir`'s run folder, in order. */
export function runEvents(dir: string): Record<string, unknown>[] {
  const runs = join(dir, '.baton', 'runs');
  const [id] = readdirSync(runs);
  return readFileSync(join(runs, id as string, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
