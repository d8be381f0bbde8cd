/** `baton send <handoff> --to <url>`: hand a task to an A2A agent, verified by it before it takes it. */
import { isBatonError, UserError } from '../../errors.js';
import { type FlagSpec, parseFlags, renderOptions } from '../args.js';
import type { Command, CommandIO } from '../io.js';
import { storeOptions } from '../store-flags.js';

const FLAGS = {
  to: {
    type: 'string',
    value: 'url',
    description: "the receiver's base URL (its card is at /.well-known/agent-card.json)",
  },
  'ack-timeout': {
    type: 'string',
    value: 't',
    description: 'how long to wait for the ACK: 10s (default), 500ms, 2m, or seconds',
  },
  sender: {
    type: 'string',
    value: 'id',
    description: "who is sending, for the receiver's record (default $USER@baton)",
  },
  json: {
    type: 'boolean',
    description: 'print {outcome, task_id, state, verdict, exit_code, reasons, handoff_id}',
  },
  'no-store': { type: 'boolean', description: 'do not record the outcome in the store' },
} as const satisfies Record<string, FlagSpec>;

/** Exit code when no ACK came in time (or the server could not be reached): the handoff is escalated. */
export const EXIT_ESCALATED = 8;

/** The send command. */
export const command: Command = {
  help: `Usage: baton send <handoff> --to <url> [--ack-timeout 10s]

Sends the handoff file to the A2A agent at <url> (e.g. a \`baton serve a2a\`) as a
message with metadata.handoff = true, and waits for the ACK: the receiver verifies
it against its own checkout and takes it (task WORKING) or refuses it (task
REJECTED, with the verdict and each finding). No ACK within the timeout escalates:
the handoff stays yours. Each outcome is recorded as an event in the store
(run id a2a-send-…; see \`baton runs\`) unless --no-store.

Options:
${renderOptions(FLAGS)}
  Token: BATON_A2A_TOKEN is sent as a bearer token when set.

Exit codes: 0 accepted (VALID, or STALE with a resume brief); rejected: the
verdict's code (1 INVALID, 2 MISMATCH, 4 UNTRUSTED); 8 no ACK in time or the
receiver unreachable (escalated: the handoff stays the sender's); 1 the file cannot
be read or the receiver answered with a protocol error; 64 usage error.`,
  async run(args, io) {
    const { flags, positionals } = parseFlags('send', args, FLAGS);
    if (positionals.length !== 1)
      throw new UserError('USAGE', 'name one handoff file to send (see `baton send --help`)');
    if (!flags.to) throw new UserError('USAGE', '--to <url> is required (see `baton send --help`)');
    const url = checkUrl(flags.to);
    const ackTimeoutMs = parseDuration(flags['ack-timeout'] ?? '10s');
    const path = positionals[0] as string;
    const text = await readHandoff(path, io);
    const { sendHandoff } = await import('../../a2a/client.js');
    const sender = flags.sender ?? `${io.env.USER ?? 'someone'}@baton`;
    try {
      const result = await sendHandoff(text, {
        url,
        ackTimeoutMs,
        sender,
        ...(io.env.BATON_A2A_TOKEN ? { token: io.env.BATON_A2A_TOKEN } : {}),
      });
      const { task: _task, ...shown } = result;
      await record(io, flags['no-store'], `a2a.${result.outcome}`, {
        to: url,
        handoff: path,
        task_id: result.taskId,
        state: result.state,
        verdict: result.verdict,
        handoff_id: result.handoffId,
      });
      if (flags.json) io.stdout(`${JSON.stringify(snake(shown), null, 2)}\n`);
      else {
        io.stdout(`${result.taskId} ${result.state}\n`);
        const out = result.outcome === 'accepted' ? io.stdout : io.stderr;
        for (const line of result.reasons) out(`${line}\n`);
      }
      return result.exitCode;
    } catch (error) {
      if (!isBatonError(error) || (error.code !== 'A2A_NO_ACK' && error.code !== 'A2A_UNREACHABLE'))
        throw error;
      await record(io, flags['no-store'], 'a2a.escalated', { to: url, handoff: path, reason: error.message });
      if (flags.json)
        io.stdout(
          `${JSON.stringify({ outcome: 'escalated', reason: error.message, exit_code: EXIT_ESCALATED }, null, 2)}\n`,
        );
      io.stderr(`baton: escalated: ${error.message}; the handoff stays yours (${path})\n`);
      return EXIT_ESCALATED;
    }
  },
};

/** `10s`, `500ms`, `2m` or a number of seconds, in milliseconds. */
export function parseDuration(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  const n = m ? Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 'm' ? 60_000 : 1000) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0 || n > 3_600_000) {
    throw new UserError(
      'USAGE',
      `--ack-timeout must be a duration like 10s, 500ms or 2m (at most 1 h), not "${value}"`,
    );
  }
  return n;
}

function checkUrl(value: string): string {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {}
  throw new UserError('USAGE', `--to must be an http(s) URL, not "${value}"`);
}

async function readHandoff(path: string, io: CommandIO): Promise<string> {
  const { resolve } = await import('node:path');
  const { decodeUtf8, readArtifact } = await import('../../validate/read.js');
  const read = readArtifact(resolve(io.cwd, path));
  if (!read.ok) throw new UserError('FILE_UNREADABLE', read.finding.message);
  const text = decodeUtf8(read.raw);
  if (text === undefined) throw new UserError('FILE_NOT_UTF8', `${path} is not UTF-8 text`);
  return text;
}

async function record(
  io: CommandIO,
  skip: boolean | undefined,
  event: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (skip) return;
  try {
    const [{ openStore }, { newUlid }] = await Promise.all([
      import('../../store/open.js'),
      import('../../handoff/ulid.js'),
    ]);
    const store = await openStore(storeOptions(io, true));
    try {
      const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
      await store.appendEvent({
        run_id: `a2a-send-${newUlid()}`,
        seq: 1,
        time: new Date().toISOString(),
        event,
        data: clean,
      });
    } finally {
      await store.close();
    }
  } catch (error) {
    io.stderr(`baton: warning: the outcome was not recorded in the store: ${(error as Error).message}\n`);
  }
}

function snake(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );
}
