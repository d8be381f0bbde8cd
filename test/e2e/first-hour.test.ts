/**
 * Issue 24's smaller first-hour things, through the built CLI in real repositories: a bad flag is
 * one line of baton's own; a repository keeps its identity when a remote is added; the base is
 * what a branch merges into, not its own upstream.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, DRAFT, draftWithDone, Scratch, type TempRepo } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

/** True when every kind of quote in `line` comes in pairs. */
function balanced(line: string): boolean {
  return ['"', "'", '`'].every((q) => line.split(q).length % 2 === 1);
}

describe('a bad flag (item 16)', () => {
  it('is one line of baton’s own, with balanced quotes, exit 64', () => {
    const repo = scratch.repo();
    const cases: [string[], string][] = [
      [
        ['validate', '--bogus'],
        'baton: unknown option --bogus; an argument that starts with "-" goes after "--" (see `baton validate --help`)',
      ],
      [
        ['log', '-x'],
        'baton: unknown option -x; an argument that starts with "-" goes after "--" (see `baton log --help`)',
      ],
      [['validate', '--json=1'], 'baton: --json takes no value (see `baton validate --help`)'],
      [['log', '--limit'], 'baton: --limit needs a value (--limit <n>) (see `baton log --help`)'],
      [['write', '--from'], 'baton: --from needs a value (--from <id>) (see `baton write --help`)'],
    ];
    for (const [args, line] of cases) {
      const r = baton(args, { cwd: repo.dir });
      expect(r.status, args.join(' ')).toBe(64);
      expect(r.errLines, args.join(' ')).toEqual([line]);
      expect(balanced(line)).toBe(true);
    }
  });
});

/** A bare repository beside `repo`, added as its origin, with main pushed and origin/HEAD set. */
function addOrigin(repo: TempRepo): string {
  const bare = join(repo.dir, '..', 'origin.git');
  repo.git('init', '-q', '--bare', '-b', 'main', bare);
  repo.git('remote', 'add', 'origin', bare);
  repo.git('push', '-q', 'origin', 'main');
  repo.git('remote', 'set-head', 'origin', 'main');
  return bare;
}

describe('a repository that gets a remote (item 4)', () => {
  it('keeps every earlier handoff VALID, saying what changed as INFO; resume and a clone agree', () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const before = baton(['provenance', '--json'], { cwd: repo.dir });
    const rootId = (JSON.parse(before.stdout) as { repository: string }).repository;
    expect(rootId).toMatch(/^root:[0-9a-f]{12}$/);
    addOrigin(repo);

    const v = baton(['validate'], { cwd: repo.dir });
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/^VALID: /);
    expect(v.stderr).toContain(`repository: saved ${rootId}, now `);
    expect(v.stderr).toMatch(/the repository is now \S+ \(was root:[0-9a-f]{12}\): the same root commit/);
    const old = join(repo.dir, '.baton/history', readdirSync(join(repo.dir, '.baton/history'))[0] ?? '');
    expect(baton(['validate', old, '--json'], { cwd: repo.dir }).stdout).toContain('"repository-renamed"');
    expect(baton(['resume'], { cwd: repo.dir }).status).toBe(0);

    // A clone of it, on the same branch, knows the handoff as its own work too.
    repo.git('add', '-f', '.baton/handoff.md');
    repo.commit('the handoff');
    repo.git('push', '-q', 'origin', 'main');
    const clone = join(repo.dir, '..', 'clone');
    repo.git('clone', '-q', join(repo.dir, '..', 'origin.git'), clone);
    const inClone = baton(['validate'], { cwd: clone });
    expect(inClone.status, inClone.stderr).toBe(0);
    expect(inClone.stderr).toContain('the same root commit');
  });

  it('in a clone with no local branch of the saved base (clone -b feature), origin/<base> stands in', () => {
    const repo = scratch.repo();
    repo.git('checkout', '-q', '-b', 'feature/x');
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    repo.git('add', '-f', '.baton/handoff.md');
    repo.commit('the handoff');
    addOrigin(repo);
    repo.git('push', '-q', 'origin', 'feature/x');
    const clone = join(repo.dir, '..', 'clone-feature');
    repo.git('clone', '-q', '-b', 'feature/x', join(repo.dir, '..', 'origin.git'), clone);
    expect(() => repo.git('-C', clone, 'rev-parse', '--verify', '-q', 'refs/heads/main')).toThrow();
    const r = baton(['validate'], { cwd: clone });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^VALID: /);
    expect(r.stderr).not.toContain('base_ref');
  });

  it('is still MISMATCH for another repository with another root commit', () => {
    const repo = scratch.repo();
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const other = scratch.repo({ initialCommit: false });
    other.write('OTHER.md', 'another project\n');
    other.commit('another root');
    other.write('.baton/handoff.md', readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8'));
    const r = baton(['validate'], { cwd: other.dir });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/MISMATCH: .*repository: saved root:/);
  });
});

describe('the base of a branch with its own upstream (item 5)', () => {
  it('is origin/HEAD, not origin/feature/x, after git branch -u', () => {
    const repo = scratch.repo();
    addOrigin(repo);
    repo.git('checkout', '-q', '-b', 'feature/x');
    repo.write('src/x.ts', 'export const x = 1;\n');
    repo.commit('x');
    repo.git('push', '-q', 'origin', 'feature/x');
    repo.git('branch', '-u', 'origin/feature/x');
    const r = baton(['provenance', '--json'], { cwd: repo.dir });
    expect(r.status, r.stderr).toBe(0);
    const p = JSON.parse(r.stdout) as { base_ref: string; base_commit: string; head: string };
    expect(p.base_ref).toBe('origin/main');
    expect(p.base_commit).toBe(repo.git('rev-parse', 'main'));
    expect(p.base_commit).not.toBe(p.head);
  });
});

describe('resume --reverify --yes (item 8)', () => {
  /** A STALE handoff whose one touched claim runs `command`. */
  function staleWith(command: string): TempRepo {
    const repo = scratch.repo();
    const draft = draftWithDone([`- [x] Wrote \`src/a.ts\` — verified by \`${command}\` → pass`]);
    expect(baton(['write'], { cwd: repo.dir, input: draft }).status).toBe(0);
    repo.write('src/a.ts', 'export const a = 10;\n');
    repo.commit('change a');
    return repo;
  }

  it('exits 0 when every re-verified claim passed, and says it was re-verified', () => {
    const repo = staleWith('test -f src/a.ts');
    expect(baton(['resume'], { cwd: repo.dir }).status).toBe(3);
    const r = baton(['resume', '--reverify', '--yes'], { cwd: repo.dir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('**Verdict: STALE, re-verified.**');
    const json = JSON.parse(baton(['resume', '--reverify', '--yes', '--json'], { cwd: repo.dir }).stdout) as {
      verdict: string;
      exitCode: number;
      reverifiedPassed: boolean;
    };
    expect(json).toMatchObject({ verdict: 'STALE', exitCode: 0, reverifiedPassed: true });
  });

  it('still exits 3 when a re-verified claim fails', () => {
    const repo = staleWith('test -f src/missing.ts');
    const r = baton(['resume', '--reverify', '--yes'], { cwd: repo.dir });
    expect(r.status).toBe(3);
    expect(r.stdout).toContain('**Verdict: STALE.**');
  });
});

describe('braces in Files in scope (item 11)', () => {
  const RESULT = `<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Wrote both.</what><why>Asked.</why><caution>None</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>`;

  it('a plan task scoped to src/{feature,other}.txt commits both files', () => {
    const repo = scratch.repo();
    const tools = scratch.plain();
    const plan = join(tools, 'PLAN.md');
    writeFileSync(plan, '# Plan: p\n\n## TASK-01: Both files\n- Files in scope: src/{feature,other}.txt\n');
    const script = join(tools, 'builder.sh');
    writeFileSync(
      script,
      `#!/bin/sh\nset -e\necho f > src/feature.txt\necho o > src/other.txt\nprintf -- '- Status: COMPLETED\\n- \`src/feature.txt\` — CREATE\\n- \`src/other.txt\` — CREATE\\n' > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"\ncat <<'XML'\n${RESULT}\nXML\n`,
    );
    const r = baton(['run', '--plan', plan, '--builder', `sh '${script}'`, '--max-attempts', '1'], {
      cwd: repo.dir,
      timeoutMs: 60_000,
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const committed = repo.git('show', '--name-only', '--format=', 'HEAD').split('\n');
    expect(committed.filter((f) => f.startsWith('src/')).sort()).toEqual([
      'src/feature.txt',
      'src/other.txt',
    ]);
  });

  it("a handoff's sub-spec keeps src/{feature,other}.txt as one glob", () => {
    const repo = scratch.repo();
    const draft = DRAFT.replace(
      '- Files in scope: README.md',
      '- Files in scope: src/{feature,other}.txt, README.md',
    );
    expect(baton(['write'], { cwd: repo.dir, input: draft }).status).toBe(0);
    const json = baton(['convert', '.baton/handoff.md', '--to', 'json'], { cwd: repo.dir });
    expect(json.status, json.stderr).toBe(0);
    const h = JSON.parse(json.stdout) as { remaining: { files_in_scope: string[] }[] };
    expect(h.remaining[0]?.files_in_scope).toEqual(['src/{feature,other}.txt', 'README.md']);
  });
});

describe('an uncommitted plan file (item 10)', () => {
  it('does not block its own run; its hash is recorded and it is never committed', () => {
    const repo = scratch.repo();
    const planText = '# Plan: p\n\n## TASK-01: One file\n- Files in scope: **\n';
    repo.write('PLAN.md', planText);
    const script = join(scratch.plain(), 'builder.sh');
    writeFileSync(
      script,
      `#!/bin/sh\nset -e\necho n > notes.txt\nprintf -- '- Status: COMPLETED\\n- \`notes.txt\` — CREATE\\n' > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"\ncat <<'XML'\n<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>w</what><why>y</why><caution>None</caution><incomplete>None</incomplete></context-handoff></task-result>\nXML\n`,
    );
    const r = baton(['run', '--plan', 'PLAN.md', '--builder', `sh '${script}'`, '--max-attempts', '1'], {
      cwd: repo.dir,
      timeoutMs: 60_000,
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(repo.git('status', '--porcelain')).toContain('?? PLAN.md');
    expect(repo.git('show', '--name-only', '--format=', 'HEAD')).not.toContain('PLAN.md');
    const runs = join(repo.dir, '.baton/runs');
    const events = readFileSync(join(runs, readdirSync(runs)[0] as string, 'events.jsonl'), 'utf8');
    const started = JSON.parse(events.split('\n')[0] as string) as { plan_sha256?: string };
    expect(started.plan_sha256).toBe(createHash('sha256').update(planText).digest('hex'));

    // Any other uncommitted change still blocks.
    repo.write('src/a.ts', 'export const a = 9;\n');
    const blocked = baton(['run', '--plan', 'PLAN.md', '--builder', `sh '${script}'`], { cwd: repo.dir });
    expect(blocked.status).toBe(1);
    expect(blocked.stderr).toContain('the work tree has uncommitted changes: src/a.ts');
    expect(blocked.stderr).not.toContain('PLAN.md');
  });
});

describe('a finding on a draft (item 12)', () => {
  it("names the person's file and the offending line, not the section heading", () => {
    const repo = scratch.repo();
    const bad = DRAFT.replace(/## Goal\n\n.*\n/, '## Goal\n\nTODO\n');
    const todoLine = bad.split('\n').indexOf('TODO') + 1;
    repo.write('bad.md', bad);
    const fromFile = baton(['write', '--input', 'bad.md'], { cwd: repo.dir });
    expect(fromFile.status).toBe(1);
    expect(fromFile.errLines[0]).toBe(
      `INVALID: bad.md:${todoLine}: Goal says only "TODO": write what it means`,
    );
    const fromStdin = baton(['write'], { cwd: repo.dir, input: bad });
    expect(fromStdin.errLines[0]).toBe(
      `INVALID: draft:${todoLine}: Goal says only "TODO": write what it means`,
    );
    const summary = DRAFT.replace(/## Summary\n\n.*\n/, '## Summary\n\n\nTBD\n');
    const r = baton(['write'], { cwd: repo.dir, input: summary });
    expect(r.errLines[0]).toBe(
      `INVALID: draft:${summary.split('\n').indexOf('TBD') + 1}: Summary says only "TBD": write what it means`,
    );
  });
});

describe('approve and validate of .baton (item 14)', () => {
  it('asks for the class it would otherwise guess, prints the step that makes it bind, and binds after it', () => {
    const repo = scratch.repo();
    const env = { BATON_HOME: join(scratch.plain(), 'home') };
    expect(baton(['keys', 'generate', 'alice'], { cwd: repo.dir, env }).status).toBe(0);
    repo.write('.baton/context/policy.md', '---\ntitle: rules\n---\n# Rules\n\nUse tabs.\n');
    const policy = '.baton/context/policy.md';
    const before = readFileSync(join(repo.dir, policy), 'utf8');

    const bare = baton(['approve', policy, '--key', 'alice'], { cwd: repo.dir, env });
    expect(bare.status).toBe(64);
    expect(bare.errLines[0]).toBe(
      'baton: the file names no class: give --class <class>, one of observation, operational_handoff, guidance, policy, constitution, memory, question, proposal, answer (only policy and constitution bind)',
    );
    expect(readFileSync(join(repo.dir, policy), 'utf8')).toBe(before);

    const observation = baton(['approve', policy, '--key', 'alice', '--class', 'observation'], {
      cwd: repo.dir,
      env,
    });
    expect(observation.status).toBe(0);
    expect(observation.stdout).toContain('next: class observation never binds');

    const proposed = baton(['approve', policy, '--key', 'alice', '--class', 'policy'], {
      cwd: repo.dir,
      env,
    });
    expect(proposed.status).toBe(0);
    const next = /^next: .*`baton keys trust (.+)`$/m.exec(proposed.stdout);
    expect(next?.[1]).toBe(join(env.BATON_HOME, 'keys', 'alice.pub'));
    expect(baton(['keys', 'trust', next?.[1] as string], { cwd: repo.dir, env }).status).toBe(0);
    const bound = baton(['approve', policy, '--key', 'alice', '--class', 'policy'], { cwd: repo.dir, env });
    expect(bound.stdout).toContain('it binds now');
    const context = baton(['context', '--json'], { cwd: repo.dir, env });
    expect(context.stdout).toContain('"label": "binding"');
  });

  it('validate .baton judges only the handoffs in it, not config.json or a policy', () => {
    const repo = scratch.repo();
    expect(baton(['init'], { cwd: repo.dir }).status).toBe(0);
    repo.write('.baton/context/policy.md', '---\nclass: policy\n---\n# Rules\n\nUse tabs.\n');
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const r = baton(['validate', '.baton'], { cwd: repo.dir });
    expect(r.stderr).not.toContain('config.json');
    expect(r.stderr).not.toContain('policy.md');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('VALID: '))).toHaveLength(2);
  });
});

describe('archive keeps evidence (item 7)', () => {
  it('of five handoffs written, log and search know all five: write archives each one it replaces', () => {
    const repo = scratch.repo();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const w = baton(['write', '--json', '--task', `TASK-0${i}`], { cwd: repo.dir, input: DRAFT });
      expect(w.status, w.stderr).toBe(0);
      ids.push((JSON.parse(w.stdout) as { handoff: { id: string } }).handoff.id);
      if (i > 1)
        expect(w.stderr).toMatch(/^note: archived the replaced handoff \w+ \((VALID|STALE) now\) in /m);
      repo.write('src/a.ts', `export const a = ${i};\n`);
      repo.commit(`step ${i}`);
    }
    expect(baton(['archive'], { cwd: repo.dir }).stdout).toContain(', STALE: ');
    const log = baton(['log'], { cwd: repo.dir });
    expect(log.status).toBe(0);
    for (const id of ids) expect(log.stdout).toContain(id);
    const search = baton(['search', 'calc', 'library'], { cwd: repo.dir });
    expect(search.stdout.split('\n').filter((l) => ids.some((id) => l.startsWith(id)))).toHaveLength(5);
  });

  it('archive --history keeps every handoff in .baton/history/ with the verdict it has now', () => {
    const repo = scratch.repo();
    // Written before the store existed, with no store to keep them: --history catches up.
    for (let i = 1; i <= 3; i++) {
      expect(baton(['write', '--task', `TASK-0${i}`], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    }
    rmSync(join(repo.dir, '.baton/baton.db'), { force: true });
    repo.write('src/b.ts', 'export const b = 20;\n');
    repo.commit('moved on');
    const r = baton(['archive', '--history', '--json'], { cwd: repo.dir });
    expect(r.status, r.stderr).toBe(0);
    const kept = JSON.parse(r.stdout) as { status: string; verdict: string; path: string }[];
    expect(kept).toHaveLength(3);
    expect(kept.map((k) => k.verdict)).toEqual(['STALE', 'STALE', 'STALE']);
    expect(kept.filter((k) => k.path.includes('/history/'))).toHaveLength(2);
    const again = baton(['archive', '--history'], { cwd: repo.dir });
    expect(again.stdout.split('\n').filter((l) => l.startsWith('already archived'))).toHaveLength(3);
  });

  it('archive --history of a handoff outside .baton/ finds the history write kept for it', () => {
    const repo = scratch.repo();
    for (let i = 1; i <= 2; i++) {
      const w = baton(['write', 'docs/h.md', '--task', `TASK-0${i}`], { cwd: repo.dir, input: DRAFT });
      expect(w.status, w.stderr).toBe(0);
    }
    const r = baton(['archive', 'docs/h.md', '--history', '--json'], { cwd: repo.dir });
    expect(r.status, r.stderr).toBe(0);
    const kept = JSON.parse(r.stdout) as { path: string }[];
    expect(kept).toHaveLength(2);
    expect(kept.filter((k) => k.path.includes('/.baton/history/'))).toHaveLength(1);
  });
});

describe('import -o and --report (item 13)', () => {
  const NOTE = readFileSync(
    join(import.meta.dirname, '..', 'fixtures', 'import', 'first-hour', 'typical-note.md'),
    'utf8',
  );

  it('does not replace a VALID handoff with an INVALID import unless --force', () => {
    const repo = scratch.repo();
    repo.write('HANDOFF.md', NOTE);
    repo.commit('the note');
    expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
    const before = readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8');
    const r = baton(['import', 'HANDOFF.md', '-o', '.baton/handoff.md'], { cwd: repo.dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^baton: not replacing .*\.baton\/handoff\.md: it is VALID and the import is INVALID \(/m,
    );
    expect(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).toBe(before);
    const forced = baton(['import', 'HANDOFF.md', '-o', '.baton/handoff.md', '--force'], { cwd: repo.dir });
    expect(forced.status, forced.stderr).toBe(0);
    expect(readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8')).not.toBe(before);
  });

  it('--report prints each finding once', () => {
    const repo = scratch.repo();
    repo.write('HANDOFF.md', NOTE);
    const r = baton(['import', 'HANDOFF.md', '--report'], { cwd: repo.dir });
    expect(r.status).toBe(0);
    const all = `${r.stdout}\n${r.stderr}`;
    const verify = all.split('\n').filter((l) => l.includes('has no `- Verify by:` line'));
    expect(verify).toHaveLength(1);
  });
});

describe('a halted run (item 9)', () => {
  /** A builder that writes src/sum.js and a progress file, then replies PASS; `verify` decides. */
  function builderScript(dir: string): string {
    const script = join(dir, 'builder.sh');
    writeFileSync(
      script,
      `#!/bin/sh\nset -e\necho 'export const sum = 1;' > src/sum.js\nprintf -- '- Status: COMPLETED\\n- \`src/sum.js\` — CREATE\\n' > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"\ncat <<'XML'\n<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>w</what><why>y</why><caution>None</caution><incomplete>None</incomplete></context-handoff></task-result>\nXML\n`,
    );
    return script;
  }

  /** A run of one task whose check fails until READY exists: it halts. */
  function haltedRun() {
    const repo = scratch.repo();
    const tools = scratch.plain();
    const plan = join(tools, 'PLAN.md');
    writeFileSync(
      plan,
      '# Plan: p\n\n## TASK-01: Sum\n- Files in scope: src/**\n- Verify by: `test -f READY`\n',
    );
    const script = builderScript(tools);
    const run = baton(['run', '--plan', plan, '--builder', `sh '${script}'`, '--max-attempts', '1'], {
      cwd: repo.dir,
      timeoutMs: 60_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(5);
    const out = run.stdout + run.stderr;
    return { repo, plan, script, out, id: /Run halted \(run (\w+)\)/.exec(out)?.[1] as string };
  }

  it('sets the leftovers aside in a named stash, and --resume picks the task up after the fix', () => {
    const { repo, script, out, id } = haltedRun();
    expect(out).toMatch(
      /TASK-01 left 1 uncommitted file: set aside in git stash "baton run \w+: TASK-01 halted"/,
    );
    expect(out).toContain(`baton run --resume ${id}`);
    expect(repo.git('status', '--porcelain', '--', '.', ':!.baton')).toBe('');
    expect(repo.git('stash', 'list')).toContain(`baton run ${id}: TASK-01 halted`);

    // After the fix (committed), --resume starts the task again and it commits.
    repo.write('READY', 'yes\n');
    repo.commit('the fix');
    const resumed = baton(['run', '--resume', id, '--builder', `sh '${script}'`], {
      cwd: repo.dir,
      timeoutMs: 60_000,
    });
    expect(resumed.status, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout + resumed.stderr).toContain('TASK-01 (failed) is started again from HEAD');
    expect(repo.git('show', '--name-only', '--format=', 'HEAD')).toContain('src/sum.js');
  });

  it('--retry names a task of the run that did not commit; elsewhere it is a usage error', () => {
    const { repo, plan, id } = haltedRun();
    const bad = baton(['run', '--resume', id, '--retry', 'TASK-09'], { cwd: repo.dir });
    expect(bad.status).toBe(64);
    expect(bad.errLines[0]).toBe("baton: --retry TASK-09: the run's plan has no task TASK-09");
    expect(
      baton(['run', '--plan', plan, '--builder', 'true', '--retry', 'TASK-01'], { cwd: repo.dir }).status,
    ).toBe(64);
    // A fixed plan: the check is one that passes now.
    writeFileSync(
      plan,
      '# Plan: p\n\n## TASK-01: Sum\n- Files in scope: src/**\n- Verify by: `test -f src/sum.js`\n',
    );
    const fixed = baton(['run', '--resume', id, '--plan', plan, '--retry', 'TASK-01'], {
      cwd: repo.dir,
      timeoutMs: 60_000,
    });
    expect(fixed.status, fixed.stdout + fixed.stderr).toBe(0);
  });
});
