/** Which host wrote a transcript, from its content (never from its name). */
import { closeSync, openSync, readSync } from 'node:fs';
import { UserError } from '../errors.js';
import type { TranscriptKind } from './types.js';

const CODEX =
  /^\{\s*"timestamp"\s*:\s*"[^"]*"\s*,\s*(?:"ordinal"\s*:\s*\d+\s*,\s*)?"type"\s*:\s*"(?:session_meta|response_item|event_msg|turn_context|compacted)"/;
const CODEX_ANY = /"type"\s*:\s*"(?:session_meta|turn_context)"\s*,\s*"payload"/;
const CLAUDE =
  /"(?:sessionId|parentUuid|leafUuid)"\s*:|^\{\s*"type"\s*:\s*"(?:summary|file-history-snapshot|queue-operation)"/;
const PEEK = 256 * 1024;

/** Reads the start of the file and names the host; refuses anything else with a one-line error. */
export function detectTranscript(path: string): TranscriptKind {
  const head = peek(path);
  const lines = head.split('\n').slice(0, 50);
  for (const line of lines) {
    if (CODEX.test(line) || CODEX_ANY.test(line)) return 'codex';
    if (CLAUDE.test(line)) return 'claude-code';
  }
  throw new UserError(
    'TRANSCRIPT_UNKNOWN',
    `${path} is not a Claude Code session or a Codex rollout (JSONL)`,
    {
      hint: 'give the .jsonl file from ~/.claude/projects/<project>/ or $CODEX_HOME/sessions/',
    },
  );
}

function peek(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError('FILE_NOT_FOUND', `${path}: no such file`);
    if (code === 'EISDIR')
      throw new UserError('FILE_IS_DIRECTORY', `${path} is a folder; give a transcript file`);
    throw error;
  }
  try {
    const buffer = Buffer.alloc(PEEK);
    const n = readSync(fd, buffer, 0, PEEK, 0);
    return buffer.subarray(0, n).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
      throw new UserError('FILE_IS_DIRECTORY', `${path} is a folder; give a transcript file`);
    }
    throw error;
  } finally {
    closeSync(fd);
  }
}
