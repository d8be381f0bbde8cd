import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/run/events.js';
import { parseProgress } from '../../src/run/progress-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'baton-events-'));
  dirs.push(d);
  return d;
};

describe('the event log', () => {
  it('numbers events, writes one JSON line each, and reads them back after reopening', () => {
    const path = join(temp(), 'events.jsonl');
    const log = EventLog.open(path);
    const seen: string[] = [];
    log.subscribe((e) => seen.push(e.event));
    log.append({ event: 'run-started', run_id: 'R' });
    log.append({ event: 'dispatch', task: 'T1', stage: 'builder', attempt: 1, window: 1, tokens: 12 });
    log.close();
    expect(seen).toEqual(['run-started', 'dispatch']);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(2);
    const again = EventLog.open(path);
    expect(again.events.map((e) => [e.seq, e.event])).toEqual([
      [1, 'run-started'],
      [2, 'dispatch'],
    ]);
    again.append({ event: 'reply', task: 'T1' });
    again.close();
    expect(EventLog.open(path).events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('drops a last line cut off by a crash, and continues numbering after it', () => {
    const path = join(temp(), 'events.jsonl');
    const log = EventLog.open(path);
    log.append({ event: 'a' });
    log.close();
    appendFileSync(path, '{"seq":2,"time":"2026-01-01T00:00:00Z","ev');
    const again = EventLog.open(path);
    expect(again.events.map((e) => e.event)).toEqual(['a']);
    again.append({ event: 'b' });
    again.close();
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).event)).toEqual(['a', 'b']);
    expect(lines.map((l) => JSON.parse(l).seq)).toEqual([1, 2]);
  });
});

describe('progress files', () => {
  it("reads seed 000's format, tolerant of bullets and dashes", () => {
    const p = parseProgress(`# TASK-01 progress

- Status: COMPLETED
- Started: 2026-11-30T01:00:00Z
- Updated: 2026-11-30T01:05:00Z
- Files changed:
  - \`src/sum.js\` — CREATE
  - \`test/sum.test.js\` - MODIFY
  * \`old.js\` — deleted
  - what is this
`);
    expect(p.status).toBe('COMPLETED');
    expect(p.started).toBe('2026-11-30T01:00:00Z');
    expect(p.files).toEqual([
      { path: 'src/sum.js', action: 'CREATE' },
      { path: 'test/sum.test.js', action: 'MODIFY' },
      { path: 'old.js', action: 'DELETE' },
    ]);
    expect(p.unreadable).toEqual(['what is this']);
  });

  it('reads a status in any case and an empty file list', () => {
    const p = parseProgress('Status: in_progress\nFiles changed: none\n');
    expect(p.status).toBe('IN_PROGRESS');
    expect(p.files).toEqual([]);
  });
});
