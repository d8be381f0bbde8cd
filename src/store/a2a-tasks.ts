/**
 * A2A tasks in the store (`baton_a2a_tasks`, migration 2): what `baton serve a2a` accepted or
 * refused, kept so that a restarted server still answers GetTask. The task is stored as the wire
 * JSON the A2A SDK writes; this module knows nothing of the protocol beyond its columns.
 */
import { InternalError, UserError } from '../errors.js';
import { SqlStore } from './_core.js';
import type { Store } from './types.js';

/** One A2A task as stored. */
export interface A2ATaskRecord {
  id: string;
  contextId: string;
  /** The task's state name (`TASK_STATE_WORKING`, …). */
  state: string;
  /** Who sent the handoff, as the server identified the sender. */
  sender?: string;
  /** The id of the archived handoff the task carries, once archived. */
  handoffId?: string;
  /** The orchestrator's run a remote build worked for (migration 4). */
  runId?: string;
  /** The task as wire JSON. */
  task: Record<string, unknown>;
  /** When its status last changed (ms); kept as the row's update time (default: now). */
  statusAtMs?: number;
}

/** Options of `listA2ATasks`. */
export interface ListA2ATasksOptions {
  contextId?: string;
  /** Only the remote builds of this run. */
  runId?: string;
  state?: string;
  limit?: number;
  offset?: number;
  /** Only tasks whose status changed at or after this time (ms). */
  statusSinceMs?: number;
}

const UPSERT = `INSERT INTO baton_a2a_tasks
  (id, context_id, state, sender, handoff_id, run_id, task, created_ms, updated_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET context_id = excluded.context_id, state = excluded.state,
    sender = COALESCE(excluded.sender, baton_a2a_tasks.sender),
    handoff_id = COALESCE(excluded.handoff_id, baton_a2a_tasks.handoff_id),
    run_id = COALESCE(excluded.run_id, baton_a2a_tasks.run_id),
    task = excluded.task, updated_ms = excluded.updated_ms`;

function sql(store: Store): SqlStore {
  if (!(store instanceof SqlStore)) throw new InternalError('A2A tasks need one of baton’s own stores');
  return store;
}

/** Saves a task, replacing the earlier version of the same id (committed before it returns). */
export async function putA2ATask(store: Store, record: A2ATaskRecord): Promise<void> {
  if (!record.id || record.id.length > 200)
    throw new UserError('STORE_BAD_INPUT', 'an A2A task id is 1–200 characters');
  const now = Date.now();
  await sql(store).transact('write', (db) =>
    db.run(UPSERT, [
      record.id,
      record.contextId,
      record.state,
      record.sender ?? null,
      record.handoffId ?? null,
      record.runId ?? null,
      JSON.stringify(record.task),
      now,
      record.statusAtMs ?? now,
    ]),
  );
}

/** The task with this id, or undefined. */
export async function getA2ATask(store: Store, id: string): Promise<A2ATaskRecord | undefined> {
  const rows = await sql(store).transact('read', (db) =>
    db.all('SELECT * FROM baton_a2a_tasks WHERE id = ?', [id]),
  );
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** Tasks, the most recent status change first, and how many match in all. */
export async function listA2ATasks(
  store: Store,
  options: ListA2ATasksOptions = {},
): Promise<{ tasks: A2ATaskRecord[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.contextId) {
    where.push('context_id = ?');
    params.push(options.contextId);
  }
  if (options.state) {
    where.push('state = ?');
    params.push(options.state);
  }
  if (options.runId) {
    where.push('run_id = ?');
    params.push(options.runId);
  }
  if (options.statusSinceMs !== undefined) {
    where.push('updated_ms >= ?');
    params.push(Math.floor(options.statusSinceMs));
  }
  const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const limit = Math.max(0, Math.min(options.limit ?? 50, 1000));
  const offset = Math.max(0, options.offset ?? 0);
  return sql(store).transact('read', async (db) => {
    const rows = await db.all(
      `SELECT * FROM baton_a2a_tasks${clause} ORDER BY updated_ms DESC, id LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    );
    const [count] = await db.all(`SELECT count(*) AS n FROM baton_a2a_tasks${clause}`, params);
    return { tasks: rows.map(fromRow), total: Number(count?.n ?? 0) };
  });
}

function fromRow(row: Record<string, unknown>): A2ATaskRecord {
  const record: A2ATaskRecord = {
    id: String(row.id),
    contextId: String(row.context_id),
    state: String(row.state),
    task: JSON.parse(String(row.task)) as Record<string, unknown>,
  };
  if (row.sender !== null && row.sender !== undefined) record.sender = String(row.sender);
  if (row.handoff_id !== null && row.handoff_id !== undefined) record.handoffId = String(row.handoff_id);
  if (row.run_id !== null && row.run_id !== undefined) record.runId = String(row.run_id);
  return record;
}
