/**
 * A2A tasks in both store backends (migration 2): saved, replaced, read back after reopening,
 * listed by context and state. SQLite always; PostgreSQL when BATON_TEST_POSTGRES_URL is set.
 */
import { Task, TaskState } from '@a2a-js/sdk';
import type { ExecutionEventBus, RequestContext, ServerCallContext } from '@a2a-js/sdk/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type StoreTaskStore, storeTaskStore, withNewTasks } from '../../src/servers/a2a/task-store.js';
import type { SqlStore } from '../../src/store/_core.js';
import { getA2ATask, listA2ATasks, putA2ATask } from '../../src/store/a2a-tasks.js';
import type { Store } from '../../src/store/types.js';
import { announcePostgresSkip, BACKENDS, makeSqliteStore, type StoreFixture } from '../store/_stores.js';

announcePostgresSkip();

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`A2A tasks on ${backend.name}`, () => {
    let fixture: StoreFixture;
    let store: Store;
    beforeEach(async () => {
      fixture = await backend.make();
      store = await fixture.open();
    });
    afterEach(async () => {
      await store.close();
      await fixture.cleanup();
    });

    const task = (id: string, state: string, context = 'c1') => ({
      id,
      contextId: context,
      state,
      task: { id, contextId: context, status: { state }, artifacts: [], history: [] },
    });

    it('keeps a task across a reopen, replacing it by id and keeping sender and handoff id', async () => {
      await putA2ATask(store, { ...task('t1', 'TASK_STATE_WORKING'), sender: 'alice', handoffId: 'H1' });
      await putA2ATask(store, task('t1', 'TASK_STATE_COMPLETED'));
      await store.close();
      store = await fixture.open();
      const got = await getA2ATask(store, 't1');
      expect(got).toMatchObject({
        id: 't1',
        state: 'TASK_STATE_COMPLETED',
        sender: 'alice',
        handoffId: 'H1',
      });
      expect(got?.task).toMatchObject({ status: { state: 'TASK_STATE_COMPLETED' } });
      expect(await getA2ATask(store, 'nope')).toBeUndefined();
    });

    it('lists by context and state, newest first, with the total', async () => {
      await putA2ATask(store, task('a', 'TASK_STATE_WORKING'));
      await putA2ATask(store, task('b', 'TASK_STATE_REJECTED'));
      await putA2ATask(store, task('c', 'TASK_STATE_WORKING', 'c2'));
      const working = await listA2ATasks(store, { state: 'TASK_STATE_WORKING' });
      expect(working.total).toBe(2);
      expect((await listA2ATasks(store, { contextId: 'c1', limit: 1 })).tasks).toHaveLength(1);
      expect((await listA2ATasks(store, { contextId: 'c1' })).total).toBe(2);
    });

    it('refuses an empty or overlong id', async () => {
      await expect(putA2ATask(store, task('', 'TASK_STATE_WORKING'))).rejects.toThrow(/1–200 characters/);
      await expect(putA2ATask(store, task('x'.repeat(201), 'TASK_STATE_WORKING'))).rejects.toThrow(/1–200/);
    });
  });
}

const postgres = BACKENDS.find((b) => b.name === 'postgres');

describe.skipIf(!postgres?.available)('baton serve a2a on PostgreSQL', () => {
  it('keeps its tasks in PostgreSQL: a restarted server answers GetTask', async () => {
    const { makePair, serve, sdkClient, request, text, writeHandoff } = await import('./_helpers.js');
    const fixture = await (postgres as (typeof BACKENDS)[number]).make();
    const pair = makePair();
    try {
      const handoff = writeHandoff(pair.sender);
      let server = await serve(pair.receiver, [], { BATON_STORE: fixture.url });
      const sent = await (await sdkClient(server.url)).sendMessage(request([text(handoff)]));
      await server.stop();
      server = await serve(pair.receiver, [], { BATON_STORE: fixture.url });
      try {
        const again = await (await sdkClient(server.url)).getTask({
          tenant: '',
          id: (sent as { id: string }).id,
          historyLength: 0,
        });
        expect(again.metadata).toMatchObject({ verdict: 'VALID' });
        expect(await fixture.raw('SELECT count(*)::int AS n FROM baton_a2a_tasks')).toEqual([{ n: 1 }]);
      } finally {
        await server.stop();
      }
    } finally {
      pair.cleanup();
      await fixture.cleanup();
    }
  });
});

describe("the SDK's task store over baton's store", () => {
  // The SDK saves a task and loads it back within one request; two requests are two contexts.
  const wire = (state: number) =>
    Task.fromJSON({ id: 't1', contextId: 'c1', status: { state: TaskState[state] } });

  // A task store over a fresh SQLite store whose transactions are counted; `run` gets both.
  async function withCountedStore(
    run: (tasks: ReturnType<typeof storeTaskStore>, queries: { n: number }) => Promise<void>,
  ) {
    const fixture = await makeSqliteStore();
    const store = (await fixture.open()) as SqlStore;
    try {
      const queries = { n: 0 };
      const transact = store.transact.bind(store);
      store.transact = (mode, fn) => {
        queries.n++;
        return transact(mode, fn);
      };
      await run(storeTaskStore(store), queries);
    } finally {
      await store.close();
      await fixture.cleanup();
    }
  }

  it('gives a request back what it saved without a query, and every other request the store', async () => {
    await withCountedStore(async (tasks, queries) => {
      const first = {} as ServerCallContext;
      const second = {} as ServerCallContext;
      await tasks.save(wire(TaskState.TASK_STATE_WORKING), first);
      queries.n = 0;
      expect((await tasks.load('t1', first))?.status?.state).toBe(TaskState.TASK_STATE_WORKING);
      expect(queries.n).toBe(0);
      // Another request reads the store, and once it saves, the first request reads the store too.
      expect((await tasks.load('t1', second))?.status?.state).toBe(TaskState.TASK_STATE_WORKING);
      expect(queries.n).toBe(1);
      await tasks.save(wire(TaskState.TASK_STATE_COMPLETED), second);
      expect((await tasks.load('t1', first))?.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect((await tasks.load('t1', {} as ServerCallContext))?.status?.state).toBe(
        TaskState.TASK_STATE_COMPLETED,
      );
      expect(queries.n).toBe(4); // the save, and the three loads of other requests or after it
      // A save that fails leaves nothing behind to be read back.
      await expect(
        tasks.save(Task.fromJSON({ id: 'x'.repeat(201), contextId: 'c1' }), first),
      ).rejects.toThrow();
      expect(await tasks.load('x'.repeat(201), first)).toBeUndefined();
    });
  });

  it('finds nothing, unasked, for a task the request has just created, until it saves it', async () => {
    await withCountedStore(async (tasks, queries) => {
      const creator = {} as ServerCallContext;
      const other = {} as ServerCallContext;
      await tasks.save(wire(TaskState.TASK_STATE_WORKING), other);
      queries.n = 0;
      // Only the request that created the id is answered without a query.
      tasks.created('t1', creator);
      expect(await tasks.load('t1', creator)).toBeUndefined();
      expect(queries.n).toBe(0);
      expect((await tasks.load('t1', other))?.status?.state).toBe(TaskState.TASK_STATE_WORKING);
      expect(queries.n).toBe(1);
      await tasks.save(wire(TaskState.TASK_STATE_COMPLETED), creator);
      expect((await tasks.load('t1', creator))?.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(queries.n).toBe(2);
    });
  });
});

describe('withNewTasks', () => {
  it('tells the task store of a task a request creates, and of no other', async () => {
    const created: string[] = [];
    const tasks = { created: (id: string) => created.push(id) } as unknown as StoreTaskStore;
    const ran: string[] = [];
    const executor = withNewTasks(
      {
        execute: async (request) => {
          ran.push(request.taskId);
        },
        cancelTask: async () => {},
      },
      tasks,
    );
    const bus = {} as ExecutionEventBus;
    await executor.execute({ taskId: 'new', context: {} } as RequestContext, bus);
    await executor.execute({ taskId: 'old', context: {}, task: { id: 'old' } } as RequestContext, bus);
    expect(created).toEqual(['new']);
    expect(ran).toEqual(['new', 'old']);
  });
});
