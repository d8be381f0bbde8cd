/**
 * The run's event log: one JSON object per line in `events.jsonl`, fsynced before the next step,
 * so that a run killed at any point (kill -9 included) can be read back and resumed. A line cut
 * off by a crash was never recorded: it is dropped when the log is opened again.
 */
import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { UserError } from '../errors.js';
import type { NewRunEvent } from '../run-events.js';

export type { RunEvent } from '../run-events.js';

/** Any entry the log can hold: a name and JSON fields (the engine's are `NewRunEvent`). */
export interface LogEntry {
  event: string;
  [field: string]: unknown;
}

/** An entry as recorded: `seq` numbers a log's entries from 1 without gaps. */
export type Recorded<E> = E & { seq: number; time: string };

/** Receives every event as it is recorded (the live progress printer, the store). */
export type EventListener<E extends { event: string } = NewRunEvent> = (event: Recorded<E>) => void;

/** An append-only, fsynced JSONL event log. */
export class EventLog<E extends { event: string } = LogEntry> {
  private readonly fd: number;
  private readonly recorded: Recorded<E>[];
  private readonly listeners: EventListener<E>[] = [];

  private constructor(
    readonly path: string,
    fd: number,
    events: Recorded<E>[],
  ) {
    this.fd = fd;
    this.recorded = events;
  }

  /** Opens (or creates) the log at `path`, dropping a last line a crash cut off. */
  static open<E extends { event: string } = LogEntry>(path: string): EventLog<E> {
    const { events, keep } = readLog<E>(path);
    if (existsSync(path)) truncateSync(path, keep);
    const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
    return new EventLog<E>(path, openSync(path, flags, 0o644), events);
  }

  /**
   * The complete events of the log at `path`, read only: nothing is truncated or opened for
   * writing, so it is safe on the log of a run another process is still writing. A run's log is
   * the engine's own record, so its entries read back as the run events the engine appended.
   */
  static read<E extends { event: string } = NewRunEvent>(path: string): Recorded<E>[] {
    return readLog<E>(path).events;
  }

  /** Every event recorded so far, in order. */
  get events(): readonly Recorded<E>[] {
    return this.recorded;
  }

  /** Records an event durably (written and fsynced) and tells the listeners. */
  append(event: E): Recorded<E> {
    const full = { seq: this.recorded.length + 1, time: new Date().toISOString(), ...event } as Recorded<E>;
    const line = Buffer.from(`${JSON.stringify(full)}\n`);
    let off = 0;
    while (off < line.length) off += writeSync(this.fd, line, off, line.length - off);
    fsyncSync(this.fd);
    this.recorded.push(full);
    for (const listener of this.listeners) listener(full);
    return full;
  }

  /** Calls `listener` for every event recorded from now on. */
  subscribe(listener: EventListener<E>): void {
    this.listeners.push(listener);
  }

  /** Closes the file. */
  close(): void {
    closeSync(this.fd);
  }
}

// The complete lines of a log and the bytes they take; the log is never read through a link.
function readLog<E>(path: string): { events: Recorded<E>[]; keep: number } {
  const events: Recorded<E>[] = [];
  let keep = 0;
  // The run folder is shared with agents: the log is never read or appended through a link.
  if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
    throw new UserError(
      'RUN_RECORD_UNSAFE',
      `${path} is a symbolic link: the run keeps its log only in its own folder`,
    );
  }
  if (!existsSync(path)) return { events, keep };
  const text = readFileSync(path, 'utf8');
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) break;
    const line = text.slice(start, nl);
    try {
      events.push(JSON.parse(line) as Recorded<E>);
    } catch {
      break;
    }
    start = nl + 1;
    keep += Buffer.byteLength(line) + 1;
  }
  return { events, keep };
}
