/**
 * A team on one PostgreSQL store (BATON_STORE=postgres://…): Ann runs a plan on her checkout,
 * Bob runs one on his with a remote builder (`baton serve a2a --agent`) that records its tasks in
 * the same store. `baton runs` and the viewer show both runs, who started each, and where each
 * task was built; `runs show` lists the remote builder's tasks of Bob's run. Real processes, a
 * real PostgreSQL server (skipped, and said so, without one).
 */
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebServer } from '../../src/servers/web/index.js';
import { openStore } from '../../src/store/open.js';
import { parallelBuilder, parallelSetup, quietPlan } from '../e2e/_parallel.js';
import { announcePostgresSkip, makePostgresStore, POSTGRES_URL } from '../store/_stores.js';
import { baton, git, ORIGIN, serve } from './_helpers.js';

announcePostgresSkip();

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function getJson(port: number, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve(JSON.parse(body)));
    })
      .on('error', reject)
      .end();
  });
}

describe.skipIf(!POSTGRES_URL)('a team’s runs in one PostgreSQL store', () => {
  it('shows everyone’s runs, who started each, and where each task was built', async () => {
    const fixture = await makePostgresStore();
    cleanup.push(() => fixture.cleanup());
    const env = { BATON_STORE: fixture.url };
    // Ann's checkout and a local builder.
    const ann = parallelSetup(quietPlan(2), (tools) => parallelBuilder(tools, 0));
    cleanup.push(ann.cleanup);
    ann.repo.git('remote', 'add', 'origin', ORIGIN);
    ann.repo.git('config', 'user.name', 'Ann Lee');
    ann.repo.git('config', 'user.email', 'ann@example.org');
    // Bob's checkout of the same repository, and a builder machine with a clone of it.
    const bob = parallelSetup(quietPlan(2), (tools) => parallelBuilder(tools, 0));
    cleanup.push(bob.cleanup);
    const bobDir = `${bob.tools}/bob`;
    git(bob.tools, ['clone', '-q', ann.repo.dir, bobDir]);
    git(bobDir, ['remote', 'set-url', 'origin', ORIGIN]);
    git(bobDir, ['config', 'user.name', 'Bob Roe']);
    git(bobDir, ['config', 'user.email', 'bob@example.org']);
    const builderDir = `${bob.tools}/builder`;
    git(bob.tools, ['clone', '-q', '--shared', bobDir, builderDir]);
    git(builderDir, ['remote', 'set-url', 'origin', ORIGIN]);
    const server = await serve(builderDir, ['--agent', bob.agent], env);
    cleanup.push(() => server.stop());
    const endpoints = `${bob.tools}/endpoints.yaml`;
    writeFileSync(endpoints, `endpoints:\n  far:\n    kind: a2a\n    url: ${server.url}\n`);

    const annRun = baton(['run', '--plan', ann.planPath, '--builder', ann.agent, '--parallel', '2'], {
      cwd: ann.repo.dir,
      env,
      timeoutMs: 120_000,
    });
    expect(annRun.status, annRun.stdout + annRun.stderr).toBe(0);
    const bobRun = baton(
      ['run', '--plan', bob.planPath, '--builder', 'endpoint:far', '--endpoints', endpoints],
      { cwd: bobDir, env, timeoutMs: 120_000 },
    );
    expect(bobRun.status, bobRun.stdout + bobRun.stderr).toBe(0);
    const annId = /run (\w{26}):/.exec(annRun.stdout)?.[1] as string;
    const bobId = /run (\w{26}):/.exec(bobRun.stdout)?.[1] as string;

    // From anywhere with the same store: both runs, each with who started it.
    const list = baton(['runs'], { cwd: ann.repo.dir, env });
    expect(list.status).toBe(0);
    const line = (id: string) => list.stdout.split('\n').find((l) => l.startsWith(id)) ?? '';
    expect(line(annId)).toContain(`by Ann Lee <ann@example.org> on ${hostname()}`);
    expect(line(bobId)).toContain(`by Bob Roe <bob@example.org> on ${hostname()}`);
    const shown = baton(['runs', 'show', bobId], { cwd: ann.repo.dir, env });
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain('started by: Bob Roe <bob@example.org>');
    expect(shown.stdout).toContain(`task: TASK-01  committed  built by ${server.url}`);
    expect(shown.stdout).toMatch(/^remote task: \S+ {2}completed {2}TASK-01 builder$/m);
    expect(shown.stdout).toMatch(/^remote task: \S+ {2}completed {2}TASK-02 builder$/m);
    const annShown = baton(['runs', 'show', annId], { cwd: ann.repo.dir, env });
    expect(annShown.stdout).toContain(`task: TASK-01  committed  built by ${hostname()}`);
    expect(annShown.stdout).not.toContain('remote task:');

    // The viewer on the same store, started in neither checkout's run folder.
    const store = await openStore({ url: fixture.url });
    cleanup.push(() => store.close());
    const web = await startWebServer({ root: ann.repo.dir, store, port: 0 });
    cleanup.push(() => web.close());
    const rows = (await getJson(web.port, '/api/runs')) as Record<string, unknown>[];
    const row = (id: string) => rows.find((r) => r.id === id);
    expect(row(annId)).toMatchObject({ startedBy: 'Ann Lee <ann@example.org>', builtBy: [hostname()] });
    expect(row(bobId)).toMatchObject({ startedBy: 'Bob Roe <bob@example.org>', builtBy: [server.url] });
    const detail = (await getJson(web.port, `/api/runs/${bobId}`)) as {
      timeline: { startedBy: string; tasks: { builtBy: string }[] };
    };
    expect(detail.timeline.startedBy).toBe('Bob Roe <bob@example.org>');
    expect(detail.timeline.tasks.map((t) => t.builtBy)).toEqual([server.url, server.url]);
  });
});
