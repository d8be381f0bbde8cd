/**
 * A search the agent works through: the files a `grep -rn` (or a listing by a name pattern) listed
 * that it has not changed yet are named next, however long ago the search ran; a search only
 * looked at names none.
 */
import { describe, expect, it } from 'vitest';
import { pathsListed } from './support/named.js';
import { compileSteps } from './support/sessions.js';

const hits = (files: string[]) => files.map((f, i) => `${f}:${10 + i}:    except Exception:`).join('\n');
const LISTED = [
  'api/routes/admin.py',
  'api/routes/billing.py',
  'api/routes/hosts.py',
  'api/routes/keys.py',
  'api/routes/users.py',
  'core/cache.py',
  'core/db.py',
  'core/mail.py',
];

describe('a search as the agent’s work list', () => {
  it('names what is left of it when the agent changed several of its files since', async () => {
    const { handoff } = await compileSteps([
      { user: 'Narrow every broad except in the backend' },
      { bash: 'grep -rn "except Exception" api core --include="*.py"', output: hits(LISTED) },
      ...LISTED.slice(0, 5).map((edit) => ({ edit })),
      { say: 'Routes done. Moving on to the core modules.' },
    ]);
    expect(handoff.summary).toContain(
      'Left of the 8 files a search listed, 5 changed since: in `core/`: `cache.py`, `db.py`, `mail.py`.',
    );
  });

  it('names all that is left of a long one, under its folders', async () => {
    const done = [...LISTED.slice(0, 5), 'api/routes/plans.py', 'api/routes/nodes.py', 'api/routes/audit.py'];
    const left = Array.from({ length: 20 }, (_, i) => `app/jobs/job_${i}.py`);
    const { handoff } = await compileSteps([
      { user: 'Narrow every broad except in the backend' },
      { bash: 'grep -rn "except Exception" api app --include="*.py"', output: hits([...done, ...left]) },
      ...done.map((edit) => ({ edit })),
      { say: 'Routes done. Now the jobs.' },
    ]);
    // Beyond the cap of the files named near the end, which it leaves room in.
    expect(pathsListed(handoff.summary, 'changed since:')).toEqual(left);
    expect(handoff.summary).toContain(
      '28 files a search listed, 8 changed since: in `app/jobs/`: `job_0.py`, `job_1.py`',
    );
  });

  it('takes a listing by a name pattern (the glob tool, `find -name`) worked through as one', async () => {
    const find = { bash: 'find api core -name "*.py" -type f', output: LISTED.join('\n') };
    for (const [lister, host] of [
      [{ glob: '**/*.py', output: LISTED.join('\n') }, 'claude-code'],
      [find, 'claude-code'],
      [find, 'codex'],
    ] as const) {
      const { handoff } = await compileSteps(
        [
          { user: 'Add type hints to every backend module' },
          lister,
          ...LISTED.slice(0, 5).map((edit) => ({ edit })),
          { say: 'Routes typed. The core modules are left.' },
        ],
        host,
      );
      expect(handoff.summary).toContain(
        'Left of the 8 files a search listed, 5 changed since: in `core/`: `cache.py`, `db.py`, `mail.py`.',
      );
    }
  });

  it('takes no listing of a whole tree for one (`find` that only leaves folders out, a glob of every name)', async () => {
    for (const lister of [
      { bash: 'find api core -type f', output: LISTED.join('\n') },
      { bash: 'find . -type f -not -path "./node_modules/*" -not -name "*.pyc"', output: LISTED.join('\n') },
      { bash: 'find . -path ./node_modules -prune -o -type f -print', output: LISTED.join('\n') },
      { glob: '**/*', output: LISTED.join('\n') },
    ]) {
      const { handoff } = await compileSteps([
        { user: 'Add type hints to every backend module' },
        lister,
        ...LISTED.slice(0, 5).map((edit) => ({ edit })),
      ]);
      expect(handoff.summary).not.toContain('a search listed');
    }
  });

  it('names nothing of a search the agent only looked at', async () => {
    const { handoff } = await compileSteps([
      { user: 'Narrow the broad except in the admin route' },
      { bash: 'grep -rn "except Exception" api core --include="*.py"', output: hits(LISTED) },
      { edit: 'api/routes/admin.py' },
      { edit: 'api/routes/billing.py' },
    ]);
    expect(handoff.summary).not.toContain('a search listed');
  });
});
