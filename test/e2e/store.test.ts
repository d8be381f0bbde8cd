/**
 * The store commands end to end, through the built binary: archive (only while VALID), log,
 * show, search, runs. The default store is the SQLite file .baton/baton.db; one test points
 * BATON_STORE at PostgreSQL when BATON_TEST_POSTGRES_URL is set.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { announcePostgresSkip, makePostgresStore, POSTGRES_URL } from '../store/_stores.js';
import { baton, DRAFT, hasStackTrace, Scratch, snapshot, type TempRepo } from './_helpers.js';

announcePostgresSkip();

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const HANDOFF = '.baton/handoff.md';
const DB = '.baton/baton.db';

function repoWithHandoff(args: string[] = [], draft = DRAFT): { repo: TempRepo; text: string; id: string } {
  const repo = scratch.repo();
  const w = baton(['write', ...args, '--json'], { cwd: repo.dir, input: draft });
  expect(w.status, w.stderr).toBe(0);
  const out = JSON.parse(w.stdout) as { path: string; handoff: { id: string } };
  return { repo, text: readFileSync(out.path, 'utf8'), id: out.handoff.id };
}

describe('baton archive', () => {
  it('archives a VALID handoff once; again is a no-op; log, show and search find it', () => {
    const { repo, text, id } = repoWithHandoff();
    const a = baton(['archive'], { cwd: repo.dir });
    expect(a.stderr).toBe('');
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(
      `archived ${id} from ${join(repo.dir, HANDOFF)} as it is now, VALID, in ${join(repo.dir, DB)}\n`,
    );
    const again = baton(['archive', '--json'], { cwd: join(repo.dir, 'src') });
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ id, status: 'unchanged', store: join(repo.dir, DB) });

    const log = baton(['log'], { cwd: repo.dir });
    expect(log.status).toBe(0);
    expect(log.stdout).toMatch(
      new RegExp(`^${id}  \\S+Z  VALID  in-progress  TASK-03  builder  Handoff: TASK-03\\n$`),
    );

    const show = baton(['show', id.slice(0, 12)], { cwd: repo.dir });
    expect(show.status).toBe(0);
    expect(show.stdout).toBe(text);

    const search = baton(['search', 'calc', 'library'], { cwd: repo.dir });
    expect(search.status).toBe(0);
    expect(search.stdout).toContain(id);
    expect(search.stdout).toContain('    Add a `sum(xs)` function to the calc library, with tests.');
  });

  // Archive is keeping evidence (issue 24 item 7): a handoff is kept with the verdict it has now.
  it('keeps a STALE handoff as evidence, saying it is STALE and why, exit 0', () => {
    const { repo, id } = repoWithHandoff();
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.commit('moved on');
    const r = baton(['archive'], { cwd: repo.dir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^archived ${id} from .* as it is now, STALE: HEAD has moved`));
    expect(JSON.parse(baton(['archive', '--json'], { cwd: repo.dir }).stdout)).toMatchObject({
      id,
      status: 'unchanged',
      verdict: 'STALE',
    });
    // The store keeps the verdict it was archived with, after HEAD moves again too.
    repo.write('src/a.ts', 'export const a = 11;\n');
    repo.commit('moved on again');
    expect(baton(['log'], { cwd: repo.dir }).stdout).toMatch(
      new RegExp(`^${id}  \\S+Z  STALE  in-progress  `, 'm'),
    );
    const json = JSON.parse(baton(['log', '--json'], { cwd: repo.dir }).stdout) as {
      id: string;
      verdict?: string;
    }[];
    expect(json.find((h) => h.id === id)?.verdict).toBe('STALE');
  });

  it('keeps a MISMATCH handoff (another branch) too; refuses only a file that is no handoff, exit 1', () => {
    const { repo, id } = repoWithHandoff();
    repo.git('switch', '-q', '-c', 'elsewhere');
    const mismatch = baton(['archive'], { cwd: repo.dir });
    expect(mismatch.status, mismatch.stderr).toBe(0);
    expect(mismatch.stdout).toMatch(new RegExp(`^archived ${id} .* MISMATCH: branch differs`));
    writeFileSync(join(repo.dir, HANDOFF), 'not a handoff\n');
    const invalid = baton(['archive'], { cwd: repo.dir });
    expect(invalid.status).toBe(1);
    expect(invalid.errLines.at(-1)).toMatch(/it is INVALID$/);
    expect(hasStackTrace(invalid.stderr)).toBe(false);
  });

  it('archives a context-kit handoff under an id derived from it, and shows it in every format', () => {
    const { repo, text } = repoWithHandoff(['--format', 'context-kit']);
    const a = baton(['archive', '--format', 'context-kit', '--json'], { cwd: repo.dir });
    expect(a.status, a.stderr).toBe(0);
    const { id } = JSON.parse(a.stdout) as { id: string };
    expect(id).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(baton(['show', id], { cwd: repo.dir }).stdout).toBe(text);
    const asBaton = baton(['show', id, '--format', 'baton'], { cwd: repo.dir });
    expect(asBaton.status).toBe(0);
    expect(asBaton.stdout).toMatch(/^---\nschema: baton\/handoff-v1\n/);
    expect(asBaton.stdout).toContain('Add a `sum(xs)` function to the calc library, with tests.');
    const asJson = baton(['show', id, '--format', 'json'], { cwd: repo.dir });
    expect(JSON.parse(asJson.stdout)).toMatchObject({ goal: expect.stringContaining('sum(xs)') });
  });
});

describe('outside a repository', () => {
  it('archives into .baton/baton.db under the working directory; show notes what a format cannot hold', () => {
    const dir = scratch.plain();
    expect(baton(['write', '--no-git'], { cwd: dir, input: DRAFT }).status).toBe(0);
    const a = baton(['archive', '--json'], { cwd: dir });
    expect(a.status, a.stderr).toBe(0);
    const { id, store } = JSON.parse(a.stdout) as { id: string; store: string };
    expect(store).toBe(join(dir, DB));
    const ck = baton(['show', id, '--format', 'context-kit'], { cwd: dir });
    expect(ck.status).toBe(0);
    expect(ck.stdout).toMatch(/^---\nschema: context-kit\/handoff-v1\n/);
    expect(ck.errLines).toEqual([
      'note: provenance: context-kit requires git provenance; this handoff has none',
    ]);
  });
});

describe('baton log, show and search', () => {
  it('log narrows by task, prints JSON, and says so when nothing is archived without creating a store', () => {
    const repo = scratch.repo();
    const empty = baton(['log'], { cwd: repo.dir });
    expect(empty.status).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.errLines).toEqual([`baton: no archived handoffs in ${join(repo.dir, DB)}`]);
    expect(existsSync(join(repo.dir, DB))).toBe(false);

    for (const task of ['TASK-1', 'TASK-2', 'TASK-1']) {
      expect(baton(['write', '--task', task], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
      expect(baton(['archive'], { cwd: repo.dir }).status).toBe(0);
    }
    const all = baton(['log', '--json'], { cwd: repo.dir });
    const handoffs = JSON.parse(all.stdout) as { id: string; task: string }[];
    expect(handoffs.map((h) => h.task)).toEqual(['TASK-1', 'TASK-2', 'TASK-1']);
    const one = baton(['log', '--task', 'TASK-2'], { cwd: repo.dir });
    expect(one.stdout.trim().split('\n')).toHaveLength(1);
    expect(one.stdout).toContain(handoffs[1]?.id);
    const limited = baton(['log', '--limit', '2'], { cwd: repo.dir });
    expect(limited.stdout.trim().split('\n')).toHaveLength(2);
    expect(limited.errLines).toEqual(['baton: 2 of 3 shown; --limit <n> or --all for more']);
    expect(baton(['log', '--since', '2999-01-01'], { cwd: repo.dir }).errLines).toEqual([
      `baton: no archived handoffs match in ${join(repo.dir, DB)}`,
    ]);
  });

  it('mistakes get one line and the documented exit code', () => {
    const { repo, id } = repoWithHandoff();
    expect(baton(['archive'], { cwd: repo.dir }).status).toBe(0);
    const cases: [string[], number, RegExp][] = [
      [['show', '01ZZZZ'], 1, /no archived handoff has an id starting with "01ZZZZ"/],
      [['show', id, '--format', 'yaml'], 64, /--format must be one of baton, context-kit, json/],
      [['show'], 64, /show takes one handoff id/],
      [['search', '--', '-calc'], 64, /nothing to search for/],
      [['log', '--since', 'last week'], 64, /--since must be an RFC 3339 time or a YYYY-MM-DD date/],
      [['runs', 'show', 'nope'], 1, /no recorded run has an id starting with "nope"/],
      [['runs', 'list'], 64, /use `baton runs` or `baton runs show <run-id>`/],
    ];
    for (const [args, status, message] of cases) {
      const r = baton(args, { cwd: repo.dir });
      expect(r.status, args.join(' ')).toBe(status);
      expect(r.errLines[0], args.join(' ')).toMatch(message);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });
});

describe('baton runs', () => {
  it('lists recorded runs and shows one run with its events, as appended through the store API', async () => {
    const repo = scratch.repo();
    const store = await openStore({ cwd: repo.dir, env: {} });
    try {
      await store.putRunSummary({
        run_id: 'run-01JDA',
        status: 'done',
        title: 'calc',
        started_at: '2026-11-30T01:00:00Z',
        ended_at: '2026-11-30T01:05:00Z',
        data: { tasks: 2 },
      });
      const events = [
        { event: 'run.started', data: {} },
        { event: 'task.started', task: 'TASK-1', stage: 'builder', window: 1, data: { agent: 'scripted' } },
        { event: 'run.done', data: {} },
      ];
      for (const [i, e] of events.entries()) {
        await store.appendEvent({ run_id: 'run-01JDA', seq: i + 1, time: `2026-11-30T01:0${i}:00Z`, ...e });
      }
      await store.appendEvent({
        run_id: 'run-02',
        seq: 1,
        time: '2026-11-29T01:00:00Z',
        event: 'run.started',
        data: {},
      });
    } finally {
      await store.close();
    }
    const list = baton(['runs'], { cwd: repo.dir });
    expect(list.status).toBe(0);
    expect(list.stdout).toBe(
      'run-01JDA  done  2026-11-30T01:00:00Z  3 events  run.done\n' +
        'run-02  -  2026-11-29T01:00:00Z  1 event  run.started\n',
    );
    const show = baton(['runs', 'show', 'run-01'], { cwd: repo.dir });
    expect(show.status).toBe(0);
    expect(show.stdout).toBe(
      [
        'run: run-01JDA',
        'status: done',
        'title: calc',
        'started: 2026-11-30T01:00:00Z',
        'ended: 2026-11-30T01:05:00Z',
        'summary: {"tasks":2}',
        'events: 3',
        '',
        '#1  2026-11-30T01:00:00Z  run.started',
        '#2  2026-11-30T01:01:00Z  task.started  [TASK-1/builder/window 1]  {"agent":"scripted"}',
        '#3  2026-11-30T01:02:00Z  run.done',
        '',
      ].join('\n'),
    );
    const json = JSON.parse(baton(['runs', 'show', 'run-02', '--json'], { cwd: repo.dir }).stdout);
    expect(json).toMatchObject({
      run: { run_id: 'run-02', events: 1 },
      events: [{ seq: 1, event: 'run.started' }],
    });
  });
});

describe('where the store is', () => {
  it('a file at the store path that is not a database: one line naming it, exit 1, the file untouched', () => {
    const { repo } = repoWithHandoff();
    const path = join(repo.dir, DB);
    writeFileSync(path, 'my notes, not a database\n');
    const before = snapshot(path);
    for (const args of [['archive'], ['log'], ['search', 'calc'], ['runs']]) {
      const r = baton(args, { cwd: repo.dir });
      expect(r.status, args[0]).toBe(1);
      expect(r.errLines[0]).toBe(
        `baton: ${path} is not a usable baton store: file is not a database; it was left as it is`,
      );
      expect(r.errLines[1]).toMatch(/^hint: move the file aside/);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    expect(snapshot(path)).toEqual(before);
  });

  it('BATON_STORE and .baton/config.json choose the store; a bad value is a usage error', () => {
    const { repo, id } = repoWithHandoff();
    mkdirSync(join(repo.dir, 'elsewhere'));
    writeFileSync(join(repo.dir, '.baton/config.json'), '{"store": "sqlite:elsewhere/team.db"}\n');
    expect(baton(['archive'], { cwd: repo.dir }).stdout).toContain(join(repo.dir, 'elsewhere/team.db'));
    expect(baton(['log'], { cwd: repo.dir }).stdout).toContain(id);
    const env = { BATON_STORE: 'sqlite:other.db' };
    expect(baton(['log'], { cwd: repo.dir, env }).errLines).toEqual([
      `baton: no archived handoffs in ${join(repo.dir, 'other.db')}`,
    ]);
    const bad = baton(['log'], { cwd: repo.dir, env: { BATON_STORE: 'mysql://db/x' } });
    expect(bad.status).toBe(64);
    expect(bad.errLines[0]).toBe('baton: $BATON_STORE: "mysql://db/x" is not a store URL');
  });

  it('an unreachable PostgreSQL store: one line naming it without its password, exit 1', () => {
    const repo = scratch.repo();
    const r = baton(['log'], {
      cwd: repo.dir,
      env: { BATON_STORE: 'postgres://baton:s3cret@127.0.0.1:1/baton' },
    });
    expect(r.status).toBe(1);
    expect(r.errLines[0]).toMatch(
      /^baton: cannot use the store at postgres:\/\/baton@127\.0\.0\.1:1\/baton: .*ECONNREFUSED/,
    );
    expect(r.stderr).not.toContain('s3cret');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it.skipIf(!POSTGRES_URL)('BATON_STORE=postgres://…: archive, log and show go to PostgreSQL', async () => {
    const pg = await makePostgresStore();
    try {
      const { repo, id, text } = repoWithHandoff();
      const env = { BATON_STORE: pg.url };
      expect(baton(['archive'], { cwd: repo.dir, env }).status).toBe(0);
      expect(existsSync(join(repo.dir, DB))).toBe(false);
      expect(baton(['log'], { cwd: repo.dir, env }).stdout).toContain(id);
      expect(baton(['show', id], { cwd: repo.dir, env }).stdout).toBe(text);
      expect(await pg.raw('SELECT id FROM baton_handoffs')).toEqual([{ id }]);
    } finally {
      await pg.cleanup();
    }
  });
});
