/** What a command may touch of the outside world, so that tests can run commands in-process. */
import { writeSync } from 'node:fs';

/** Standard streams, environment and working directory of one command run. */
export interface CommandIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads standard input (only called when a command is told to read `-`), at most `max` bytes. */
  readStdin(max?: number): Promise<Buffer>;
  /** True when stdin is a terminal (nothing piped in). */
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** A command: parses its own flags, calls the library, prints, and returns an exit code. */
export interface Command {
  /** The full `--help` text. */
  help: string;
  /** The `--help` text for these arguments, when a subcommand among them has its own (`serve web`). */
  helpFor?(args: string[]): Promise<string | undefined>;
  run(args: string[], io: CommandIO): Promise<number>;
}

/** The IO of the real process. */
export function processIO(): CommandIO {
  return {
    stdout: (t) => writeTo(1, t),
    stderr: (t) => writeTo(2, t),
    readStdin: async (max = Number.POSITIVE_INFINITY) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of process.stdin) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        // Stop at the cap: the caller refuses the input instead of holding all of it.
        if (size >= max) break;
      }
      return Buffer.concat(chunks);
    },
    // Asked only by the commands that need them: making process.stdin costs start-up.
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    get stdoutIsTTY() {
      return Boolean(process.stdout.isTTY);
    },
    env: process.env,
    cwd: process.cwd(),
  };
}

let onClosed: (() => void) | undefined;
let closed = false;
const streaming = new Set<1 | 2>();

/**
 * Calls `end` once when the reader of stdout or stderr goes away (`baton log | head`): the
 * command has nobody left to tell, so it ends quietly instead of dying on an EPIPE stack trace.
 * Writes after that are dropped. Other output errors are reported on stderr, once, in one line.
 */
export function endOnClosedOutput(end: () => void): void {
  onClosed = end;
}

// Straight to the file descriptor while it takes the bytes: making the stream behind
// process.stdout costs milliseconds, a good part of what `baton validate` adds to node's own
// start. A descriptor that cannot take them now (a full non-blocking pipe) gets the rest, and
// everything after, through the stream, which waits.
function writeTo(fd: 1 | 2, text: string): void {
  if (closed) return;
  if (streaming.has(fd)) {
    streamOf(fd).write(text);
    return;
  }
  const bytes = Buffer.from(text);
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(fd, bytes, at);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
      outputFailed(fd, error as NodeJS.ErrnoException);
      return;
    }
    streaming.add(fd);
    streamOf(fd).write(bytes.subarray(at));
  }
}

function streamOf(fd: 1 | 2): NodeJS.WriteStream {
  const stream = fd === 1 ? process.stdout : process.stderr;
  if (stream.listenerCount('error') === 0)
    stream.on('error', (error: NodeJS.ErrnoException) => outputFailed(fd, error));
  return stream;
}

function outputFailed(fd: 1 | 2, error: NodeJS.ErrnoException): void {
  if (closed) return;
  closed = true;
  if (error.code !== 'EPIPE' && fd === 1) {
    try {
      writeSync(2, `baton: cannot write the output: ${error.message}\n`);
    } catch {
      // stderr is gone too: nothing more to say.
    }
  }
  onClosed?.();
}
