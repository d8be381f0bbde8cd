/** Reading a command's input (a file or stdin) with a size cap and strict UTF-8, as one clear error. */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../errors.js';
import { confineToOwnRoot } from '../fs/index.js';
import { decodeUtf8 } from '../validate/read.js';
import type { CommandIO } from './io.js';

/** The bytes of `arg` (a file, or `-` for stdin); over `limit` bytes is an error, not a long read. */
export async function readInputBytes(
  arg: string | undefined,
  io: CommandIO,
  what: string,
  limit: number,
): Promise<{ bytes: Buffer; path: string }> {
  if (arg === undefined || arg === '-') {
    if (io.stdinIsTTY) {
      throw new UserError('USAGE', `give the ${what} as a file or on stdin`);
    }
    const bytes = await io.readStdin(limit + 1);
    if (bytes.length > limit) {
      throw new UserError(
        'FILE_TOO_LARGE',
        `the ${what} on stdin is over ${limit} bytes; nothing was read past that`,
      );
    }
    return { bytes, path: '<stdin>' };
  }
  // A file named here is read where it really is, and only inside its own repository.
  const file = confineToOwnRoot(resolve(io.cwd, arg), 'read');
  try {
    const size = statSync(file).size;
    if (size > limit) {
      throw new UserError(
        'FILE_TOO_LARGE',
        `the ${what} ${file} is ${size} bytes, over the ${limit}-byte limit`,
      );
    }
    return { bytes: readFileSync(file), path: file };
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new UserError('FILE_UNREADABLE', `cannot read the ${what} ${file}: ${why}`);
  }
}

/**
 * Like `readInputBytes`, decoded as UTF-8 (a byte order mark is dropped). Input that is empty or
 * only white space is an error: there is nothing to read, and an empty handoff must not come out.
 */
export async function readInputText(
  arg: string | undefined,
  io: CommandIO,
  what: string,
  limit: number,
): Promise<{ text: string; path: string }> {
  const { bytes, path } = await readInputBytes(arg, io, what, limit);
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new UserError('FILE_NOT_UTF8', `the ${what} ${path} is not UTF-8 text`);
  const clean = text.replace(/^\ufeff/, '');
  if (clean.trim() === '') {
    const where = path === '<stdin>' ? 'on stdin' : path;
    throw new UserError('INPUT_EMPTY', `the ${what} ${where} is empty: there is nothing to read`);
  }
  return { text: clean, path };
}
