import { describe, expect, it } from 'vitest';
import { ancestorDistances, parsePlan, topologicalOrder } from '../../src/plan/index.js';

const PLAN = `# Plan: Calculator

Some intro text.

## TASK-01: Sum
- Goal: add sum()
- Files in scope: src/sum.js, test/sum.test.js
- Verify by: \`node test/sum.test.js\`

Free text about sum.

## TASK-02: Mean
- Depends on: TASK-01
- Files in scope: \`src/mean.js\`, \`test/**\`
- Verify by: \`node test/mean.test.js\`
- Verify by: \`node test/sum.test.js\`

## TASK-03: Docs
- Depends on: TASK-02, TASK-01
- Files in scope: README.md
- Verify by: \`grep -q mean README.md\`
`;

describe('Markdown plans', () => {
  it('reads tasks, dependencies, files in scope, verify commands, goals and free text', async () => {
    const { plan, problems } = await parsePlan(PLAN, 'plan.md');
    expect(problems).toEqual([]);
    expect(plan.title).toBe('Calculator');
    expect(plan.tasks.map((t) => t.id)).toEqual(['TASK-01', 'TASK-02', 'TASK-03']);
    expect(plan.tasks[0]).toMatchObject({
      title: 'Sum',
      goal: 'add sum()',
      filesInScope: ['src/sum.js', 'test/sum.test.js'],
      verifyBy: ['node test/sum.test.js'],
      notes: 'Free text about sum.',
      line: 5,
    });
    expect(plan.tasks[1]?.verifyBy).toEqual(['node test/mean.test.js', 'node test/sum.test.js']);
    expect(plan.tasks[1]?.filesInScope).toEqual(['src/mean.js', 'test/**']);
    expect(plan.tasks[2]?.dependsOn).toEqual(['TASK-02', 'TASK-01']);
  });

  it('orders tasks after their dependencies and measures distances over the DAG', async () => {
    const { plan } = await parsePlan(PLAN);
    expect(topologicalOrder(plan).map((t) => t.id)).toEqual(['TASK-01', 'TASK-02', 'TASK-03']);
    expect([...ancestorDistances(plan, 'TASK-03')]).toEqual([
      ['TASK-02', 1],
      ['TASK-01', 1],
    ]);
    expect([...ancestorDistances(plan, 'TASK-02')]).toEqual([['TASK-01', 1]]);
  });

  it('rejects duplicate ids, unknown dependencies and cycles, naming the cycle, with lines', async () => {
    const dup = await parsePlan('# Plan: x\n\n## A: one\n\n## A: two\n');
    expect(dup.problems).toEqual([{ message: 'task A is defined twice (first at line 3)', line: 5 }]);
    const unknown = await parsePlan('# Plan: x\n\n## A: one\n- Depends on: B\n');
    expect(unknown.problems).toEqual([{ message: 'A depends on unknown task B', line: 3 }]);
    const cycle = await parsePlan(
      '# Plan: x\n\n## A: one\n- Depends on: C\n\n## B: two\n- Depends on: A\n\n## C: three\n- Depends on: B\n',
    );
    expect(cycle.problems).toEqual([{ message: 'dependency cycle: A → C → B → A', line: 3 }]);
  });

  it('says what is wrong with text that is not a plan', async () => {
    const { problems } = await parsePlan('hello world\nthis is not a plan\n');
    expect(problems.map((p) => p.message)).toContain('missing the `# Plan: <title>` line');
    expect(problems.map((p) => p.message)).toContain('no tasks: expected `## TASK-01: <title>` headings');
    const bad = await parsePlan('# Plan: x\n\n## not a task heading\n');
    expect(bad.problems[0]).toEqual({ message: 'expected a task heading `## TASK-01: <title>`', line: 3 });
  });
});

describe('YAML plans', () => {
  it('reads the same content as YAML, with line numbers of the tasks', async () => {
    const yaml = `title: Calculator
tasks:
  - id: TASK-01
    title: Sum
    files_in_scope: [src/sum.js]
    verify_by: node test/sum.test.js
  - id: TASK-02
    title: Mean
    depends_on: [TASK-01]
    verify_by: [node test/mean.test.js]
`;
    const { plan, problems } = await parsePlan(yaml, 'plan.yaml');
    expect(problems).toEqual([]);
    expect(plan.tasks).toMatchObject([
      {
        id: 'TASK-01',
        title: 'Sum',
        filesInScope: ['src/sum.js'],
        verifyBy: ['node test/sum.test.js'],
        line: 3,
      },
      { id: 'TASK-02', dependsOn: ['TASK-01'], verifyBy: ['node test/mean.test.js'], line: 7 },
    ]);
  });

  it('reports YAML errors and cycles with lines, and refuses alias bombs', async () => {
    const broken = await parsePlan('title: x\ntasks:\n  - id: A\n   title: bad indent\n', 'p.yaml');
    expect(broken.problems[0]?.line).toBeGreaterThan(0);
    const cycle = await parsePlan(
      'title: x\ntasks:\n  - id: A\n    depends_on: [B]\n  - id: B\n    depends_on: [A]\n',
      'p.yml',
    );
    expect(cycle.problems[0]?.message).toBe('dependency cycle: A → B → A');
    const bomb = `title: x\na: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\ntasks: []\n`;
    const r = await parsePlan(bomb, 'bomb.yaml');
    expect(r.problems[0]?.message).toMatch(/^the YAML cannot be read: .*alias/i);
  });
});

describe('plans: every problem at once, ids are names', () => {
  it('reports a bad heading, a duplicate id, an unknown dependency and a cycle in one list, by line', async () => {
    const text = [
      '# Plan: x',
      '',
      '## A: one',
      '- Depends on: C',
      '',
      '## not a task heading',
      '',
      '## B: two',
      '- Depends on: A, Z',
      '',
      '## C: three',
      '- Depends on: B',
      '',
      '## A: again',
      '',
    ].join('\n');
    const { problems } = await parsePlan(text, 'plan.md');
    expect(problems).toEqual([
      { message: 'dependency cycle: A → C → B → A', line: 3 },
      { message: 'expected a task heading `## TASK-01: <title>`', line: 6 },
      { message: 'B depends on unknown task Z', line: 8 },
      { message: 'task A is defined twice (first at line 3)', line: 14 },
    ]);
  });

  it('names every problem of a YAML plan too', async () => {
    const yaml =
      'title: x\ntasks:\n  - id: A\n    depends_on: [B, Q]\n  - id: B\n    depends_on: [A]\n  - {title: no id}\n';
    const { problems } = await parsePlan(yaml, 'p.yaml');
    expect(problems.map((p) => p.message)).toEqual([
      'A depends on unknown task Q',
      'dependency cycle: A → B → A',
      'task 3 has no `id`',
    ]);
  });

  it('refuses YAML ids that are paths, exactly as Markdown refuses them', async () => {
    for (const id of ['../../tmp/x/T1', 'a/b', '.hidden', '1st', 'x'.repeat(101), 'A B']) {
      const yaml = `title: x\ntasks:\n  - id: ${JSON.stringify(id)}\n`;
      const { problems } = await parsePlan(yaml, 'p.yaml');
      expect(problems[0]?.message, id).toMatch(/^task id `.*` is not a name: a letter/);
      const md = await parsePlan(`# Plan: x\n\n## ${id}: title\n`, 'p.md');
      expect(md.problems.length, id).toBeGreaterThan(0);
    }
    const ok = await parsePlan('title: x\ntasks:\n  - id: TASK-01.a_b\n', 'p.yaml');
    expect(ok.problems).toEqual([]);
  });

  it('keeps a ~~~ block open across a ``` line: headings inside it are notes, not tasks', async () => {
    const text = '# Plan: x\n\n## A: one\n~~~\n```\n## B: not a task\n~~~\n';
    const { plan, problems } = await parsePlan(text);
    expect(problems).toEqual([]);
    expect(plan.tasks.map((t) => t.id)).toEqual(['A']);
    expect(plan.tasks[0]?.notes).toContain('## B: not a task');
  });
});
