/** What a command may touch of the outside world, so that tests can run commands in-process. */

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
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
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
    stdinIsTTY: Boolean(process.stdin.isTTY),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
  };
}

/**
 * Calls `end` once when the reader of stdout or stderr goes away (`baton log | head`): the
 * command has nobody left to tell, so it ends quietly instead of dying on an EPIPE stack trace.
 * Writes after that are dropped. Other stream errors are reported on stderr, once, in one line.
 */
export function endOnClosedOutput(end: () => void): void {
  let ended = false;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (ended) return;
      ended = true;
      if (error.code !== 'EPIPE' && stream !== process.stderr) {
        process.stderr.write(`baton: cannot write the output: ${error.message}\n`);
      }
      end();
    });
  }
}
