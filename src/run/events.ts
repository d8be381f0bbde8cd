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

/** An event as the engine records it; the log adds `seq` and `time`. */
export interface NewEvent {
  event: string;
  task?: string;
  stage?: string;
  attempt?: number;
  window?: number;
  [field: string]: unknown;
}

/** One event. `seq` numbers the events of a run from 1 without gaps. */
export interface RunEvent extends NewEvent {
  seq: number;
  time: string;
}

/** Receives every event as it is recorded (the live progress printer, the store). */
export type EventListener = (event: RunEvent) => void;

/** An append-only, fsynced JSONL event log. */
export class EventLog {
  private readonly fd: number;
  private readonly recorded: RunEvent[];
  private readonly listeners: EventListener[] = [];

  private constructor(
    readonly path: string,
    fd: number,
    events: RunEvent[],
  ) {
    this.fd = fd;
    this.recorded = events;
  }

  /** Opens (or creates) the log at `path`, dropping a last line a crash cut off. */
  static open(path: string): EventLog {
    const events: RunEvent[] = [];
    let keep = 0;
    // The run folder is shared with agents: the log is never read or appended through a link.
    if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
      throw new UserError(
        'RUN_RECORD_UNSAFE',
        `${path} is a symbolic link: the run keeps its log only in its own folder`,
      );
    }
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      let start = 0;
      for (;;) {
        const nl = text.indexOf('\n', start);
        if (nl < 0) break;
        const line = text.slice(start, nl);
        let event: RunEvent;
        try {
          event = JSON.parse(line) as RunEvent;
        } catch {
          break;
        }
        events.push(event);
        start = nl + 1;
        keep = Buffer.byteLength(text.slice(0, start));
      }
    }
    if (existsSync(path)) truncateSync(path, keep);
    const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
    return new EventLog(path, openSync(path, flags, 0o644), events);
  }

  /** Every event recorded so far, in order. */
  get events(): readonly RunEvent[] {
    return this.recorded;
  }

  /** Records an event durably (written and fsynced) and tells the listeners. */
  append(event: NewEvent): RunEvent {
    const full: RunEvent = { seq: this.recorded.length + 1, time: new Date().toISOString(), ...event };
    const line = Buffer.from(`${JSON.stringify(full)}\n`);
    let off = 0;
    while (off < line.length) off += writeSync(this.fd, line, off, line.length - off);
    fsyncSync(this.fd);
    this.recorded.push(full);
    for (const listener of this.listeners) listener(full);
    return full;
  }

  /** Calls `listener` for every event recorded from now on. */
  subscribe(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** Closes the file. */
  close(): void {
    closeSync(this.fd);
  }
}
