import { describe, expect, it } from 'vitest';
import type { ContextHandoffXml } from '../../src/formats/pipeline-xml/index.js';
import { parsePlan } from '../../src/plan/load.js';
import { classifyReply } from '../../src/run/reply.js';
import {
  atDetail,
  builderDispatch,
  committerDispatch,
  previousResults,
  verifierDispatch,
} from '../../src/window/assemble.js';
import { detailAt } from '../../src/window/policy.js';

const h = (task: string): ContextHandoffXml => ({
  from: 'builder',
  task,
  detail: 'FULL',
  what: `did ${task}\nline 2\nline 3\nline 4`,
  why: 'because',
  caution: 'careful',
  incomplete: 'None',
});

describe('the sliding window', () => {
  it('is FULL 1 back, SUMMARY 2 back, dropped 3+ back, and configurable', () => {
    expect([1, 2, 3, 9].map((d) => detailAt(d))).toEqual(['FULL', 'SUMMARY', 'DROP', 'DROP']);
    expect([1, 2, 3, 4].map((d) => detailAt(d, { full: 2, summary: 3 }))).toEqual([
      'FULL',
      'FULL',
      'SUMMARY',
      'DROP',
    ]);
  });

  it('keeps only what, at most three lines, at SUMMARY', () => {
    expect(atDetail(h('A'), 'SUMMARY')).toEqual({
      from: 'builder',
      task: 'A',
      detail: 'SUMMARY',
      what: 'did A\nline 2\nline 3',
    });
  });

  it('measures distance over the dependency DAG, by the shortest path', async () => {
    const { plan } = await parsePlan(
      '# Plan: p\n\n## A: a\n\n## B: b\n- Depends on: A\n\n## C: c\n- Depends on: B\n\n## D: d\n- Depends on: C, A\n',
    );
    const finals = new Map(['A', 'B', 'C'].map((id) => [id, h(id)]));
    const prev = previousResults(plan, 'D', finals);
    expect(prev.map((p) => [p.task, p.detail])).toEqual([
      ['C', 'FULL'],
      ['A', 'FULL'],
      ['B', 'SUMMARY'],
    ]);
    const task = plan.tasks[3];
    if (!task) throw new Error('no task');
    const d = builderDispatch({ plan, task, finals, instructions: ['reply'] });
    expect(d).toMatchObject({ to: 'builder', task: 'D' });
    expect(d.previousResults).toHaveLength(3);
  });

  it('gives the verifier the builder at FULL, the committer the verifier at FULL and the builder at SUMMARY', async () => {
    const { plan } = await parsePlan('# Plan: p\n\n## A: a\n');
    const task = plan.tasks[0];
    if (!task) throw new Error('no task');
    expect(verifierDispatch(task, h('A'), []).handoffs.map((x) => x.detail)).toEqual(['FULL']);
    const verifier = { ...h('A'), from: 'verifier' };
    expect(committerDispatch(task, verifier, h('A')).handoffs.map((x) => [x.from, x.detail])).toEqual([
      ['verifier', 'FULL'],
      ['builder', 'SUMMARY'],
    ]);
  });
});

describe('reply classification', () => {
  it('reads a <task-result> anywhere in the reply, PASS or FAIL, with its handoff', () => {
    const r = classifyReply(
      'Done. Here it is:\n<task-result status="FAIL"><context-handoff from="builder" detail-level="FULL"><what>tests fail</what></context-handoff></task-result>\nbye',
      'builder',
      'T',
    );
    expect(r).toMatchObject({
      kind: 'result',
      verdict: 'FAIL',
      handoff: { from: 'builder', what: 'tests fail' },
    });
  });

  it('reads a canonical handoff with status complete or failed', () => {
    const handoff = `---
schema: baton/handoff-v1
id: 01JDXYZ0000000000000000000
created_at: 2026-11-30T01:14:19Z
from: builder
status: complete
---

# T

## Goal

g

## Summary

all done
`;
    expect(classifyReply(handoff, 'builder', 'T')).toMatchObject({ kind: 'result', verdict: 'PASS' });
    expect(
      classifyReply(handoff.replace('status: complete', 'status: in-progress'), 'builder', 'T'),
    ).toMatchObject({
      kind: 'malformed',
    });
  });

  it('says exactly what is wrong with anything else', () => {
    expect(classifyReply('   ', 'builder', 'T')).toEqual({
      kind: 'malformed',
      message: 'the reply was empty',
    });
    expect(classifyReply('I am done', 'builder', 'T')).toMatchObject({
      message: expect.stringContaining('no <task-result>'),
    });
    const broken = classifyReply(
      '<task-result status="PASS">\n  <context-handoff>\n</task-result>',
      'builder',
      'T',
    );
    expect(broken).toMatchObject({ kind: 'malformed', message: expect.stringMatching(/line \d+/) });
  });
});
