import { describe, expect, it } from 'vitest';
import { detect } from '../../src/formats/detect.js';
import { findElement, readElement, textOf, type XmlElement } from '../../src/formats/pipeline-xml/_xml.js';
import {
  contextHandoffOf,
  parseContextHandoff,
  parsePipelineXml,
  parseTaskResult,
  renderContextHandoff,
  renderDispatch,
  renderPipelineXml,
  renderTaskResult,
} from '../../src/formats/pipeline-xml/index.js';
import type { ParsedHandoff } from '../../src/formats/types.js';
import { emptySections } from '../../src/handoff/types.js';

const SEED_REPLY = `I finished the builder stage. Here is my result:

\`\`\`xml
<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Added sum() to src/calc.ts with tests.</what><why>reduce keeps it short</why><caution>Floats are not rounded</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>
\`\`\`

Thanks!`;

const FULL_REPLY = `<task-result work="W-7" task="TASK-03" agent="builder" status="FAIL">
  <summary>Build broke on the new import.</summary>
  <files-changed>
    <file action="created" path="src/sum.ts"/>
    <file action="modified" path="src/index.ts"/>
  </files-changed>
  <verification>
    <check name="npm test" status="FAIL"/>
    <check name="npm run lint" status="N/A"/>
  </verification>
  <notes>The CI cache may be stale.</notes>
</task-result>`;

function handoff(extra: Partial<ParsedHandoff> = {}): ParsedHandoff {
  return {
    ...emptySections(),
    schema: 'baton/handoff-v1',
    from: 'builder',
    task: 'TASK-03',
    status: 'in-progress',
    summary: 'Line one\nLine two\nLine three\nLine four',
    done: [{ text: 'Wrote sum', command: 'npm test', result: 'pass' }],
    decisions: [{ decision: 'Use reduce', reason: 'an empty list sums to 0', rejected: [] }],
    open_concerns: ['Floats are not rounded'],
    remaining: [{ title: 'Document sum', files_in_scope: ['README.md'], verify_by: ['npm test'] }],
    ...extra,
  };
}

describe('parseTaskResult', () => {
  it('finds the seed short form inside prose and a code fence', () => {
    const r = parseTaskResult(SEED_REPLY);
    expect(r).toEqual({
      ok: true,
      result: {
        status: 'PASS',
        filesChanged: [],
        verification: [],
        handoffs: [
          {
            from: 'builder',
            detail: 'FULL',
            what: 'Added sum() to src/calc.ts with tests.',
            why: 'reduce keeps it short',
            caution: 'Floats are not rounded',
            incomplete: 'None',
          },
        ],
      },
    });
  });

  it('reads the full result schema', () => {
    const r = parseTaskResult(FULL_REPLY);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.result).toEqual({
      status: 'FAIL',
      work: 'W-7',
      task: 'TASK-03',
      agent: 'builder',
      summary: 'Build broke on the new import.',
      filesChanged: [
        { action: 'created', path: 'src/sum.ts' },
        { action: 'modified', path: 'src/index.ts' },
      ],
      verification: [
        { name: 'npm test', status: 'FAIL' },
        { name: 'npm run lint', status: 'N/A' },
      ],
      notes: 'The CI cache may be stale.',
      handoffs: [],
    });
  });

  it('says "missing" when the reply has no <task-result>', () => {
    expect(parseTaskResult('I could not finish; see above.')).toMatchObject({ ok: false, reason: 'missing' });
  });

  it('reports malformed XML with the line and column in the reply, not in the element', () => {
    const reply =
      'Result below.\n\n<task-result status="PASS">\n  <context-handoff from="b">\n    <what>x</wat>\n  </context-handoff>\n</task-result>\n';
    const r = parseTaskResult(reply);
    expect(r).toMatchObject({ ok: false, reason: 'malformed', line: 5 });
    if (r.ok) return;
    expect(r.message).toMatch(/well-formed/);
    expect(r.column).toBeGreaterThan(1);
  });

  it('reports an unclosed <task-result> at its opening tag', () => {
    const r = parseTaskResult('text\n  <task-result status="PASS">\n<what>x</what>');
    expect(r).toMatchObject({ ok: false, reason: 'malformed', line: 2, column: 3 });
  });

  it('refuses a raw ampersand and an undefined entity as malformed, with a position', () => {
    expect(parseTaskResult('<task-result status="PASS"><notes>A & B</notes></task-result>')).toMatchObject({
      ok: false,
      reason: 'malformed',
      line: 1,
    });
    const entity = parseTaskResult('<task-result status="PASS">\n<notes>A &nbsp; B</notes></task-result>');
    expect(entity).toMatchObject({ ok: false, reason: 'malformed', line: 2 });
  });

  it('refuses DOCTYPE and entity declarations (billion laughs) without expanding anything', () => {
    const lol = `<task-result status="PASS"><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><notes>&lol2;</notes></task-result>`;
    const r = parseTaskResult(lol);
    expect(r).toMatchObject({ ok: false, reason: 'invalid', line: 1 });
  });

  it('refuses 10,000 levels of nesting with a clear message', () => {
    const deep = `<task-result status="PASS">${'<n>'.repeat(10_000)}${'</n>'.repeat(10_000)}</task-result>`;
    const r = parseTaskResult(deep);
    expect(r).toMatchObject({ ok: false, reason: 'invalid' });
    if (!r.ok) expect(r.message).toMatch(/nested deeper than 64/);
  });

  it('says what is wrong with a well-formed but invalid result', () => {
    expect(parseTaskResult('<task-result/>')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(parseTaskResult('<task-result status="DONE"/>')).toMatchObject({ ok: false, reason: 'invalid' });
    const noFrom = parseTaskResult(
      '<task-result status="PASS"><context-handoff><what>x</what></context-handoff></task-result>',
    );
    expect(noFrom).toMatchObject({ ok: false, reason: 'invalid' });
    if (!noFrom.ok) expect(noFrom.message).toMatch(/from=/);
    const badAction = parseTaskResult(
      '<task-result status="PASS"><files-changed><file action="moved" path="a"/></files-changed></task-result>',
    );
    expect(badAction).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('picks the last complete <task-result> when prose mentions the element first', () => {
    const reply = 'I will answer with a <task-result status="..."> element.\n<task-result status="PASS"/>';
    expect(parseTaskResult(reply)).toMatchObject({ ok: true, result: { status: 'PASS' } });
  });

  it('accepts lowercase status and reads CDATA as text', () => {
    const r = parseTaskResult(
      '<task-result status="pass"><notes><![CDATA[a < b && c]]></notes></task-result>',
    );
    expect(r).toMatchObject({ ok: true, result: { status: 'PASS', notes: 'a < b && c' } });
  });
});

describe('context handoffs', () => {
  it('maps a canonical handoff at FULL: what = summary + done, why, caution, incomplete', () => {
    const c = contextHandoffOf(handoff(), { from: 'builder', detail: 'FULL' });
    expect(c.from).toBe('builder');
    expect(c.task).toBe('TASK-03');
    expect(c.what).toBe(
      'Line one\nLine two\nLine three\nLine four\n\nDone:\n- [x] Wrote sum — verified by `npm test` → pass',
    );
    expect(c.why).toBe('- Use reduce — because an empty list sums to 0');
    expect(c.caution).toBe('- Floats are not rounded');
    expect(c.incomplete).toBe('### Document sum\n\n- Files in scope: README.md\n- Verify by: `npm test`');
  });

  it('writes None for empty fields at FULL', () => {
    const c = contextHandoffOf(handoff({ decisions: [], open_concerns: [], remaining: [] }), {
      from: 'b',
      detail: 'FULL',
    });
    expect([c.why, c.caution, c.incomplete]).toEqual(['None', 'None', 'None']);
  });

  it('carries <what> only, at most 3 lines, at SUMMARY', () => {
    const c = contextHandoffOf(handoff(), { from: 'builder', detail: 'SUMMARY', task: 'TASK-01' });
    expect(c).toEqual({
      from: 'builder',
      task: 'TASK-01',
      detail: 'SUMMARY',
      what: 'Line one\nLine two\nLine three',
    });
  });

  it('escapes text so that any characters come back unchanged', () => {
    const nasty = `<what> & "quoted" 'single' ]]> <!-- c --> \`code\` — dash\n  indented line\n\n</context-handoff>`;
    const c = { from: 'a "b" <c>', task: 'T&1', detail: 'FULL' as const, what: nasty.trim(), why: 'x\ty' };
    const xml = renderContextHandoff(c, 4);
    expect(xml.startsWith('    <context-handoff from="a &quot;b&quot; &lt;c&gt;" task="T&amp;1"')).toBe(true);
    expect(parseContextHandoff(xml)).toEqual({ ok: true, handoff: c });
  });
});

describe('renderDispatch', () => {
  it('writes the spec, handoffs, previous results and notices as elements', () => {
    const full = contextHandoffOf(handoff(), { from: 'verifier', detail: 'FULL' });
    const summary = contextHandoffOf(handoff(), { from: 'builder', detail: 'SUMMARY' });
    const xml = renderDispatch({
      to: 'committer',
      task: 'TASK-03',
      spec: 'Add sum & tests <fast>',
      handoffs: [full, summary],
      previousResults: [{ ...summary, from: 'prev-task', task: 'TASK-02' }],
      notices: [{ name: 'budget-notice', text: '80% of the context is used: hand off.' }],
    });
    const found = findElement(xml, 'dispatch');
    if (!found || !('span' in found)) throw new Error('no dispatch');
    const read = readElement(xml, found.span);
    if (!('ok' in read)) throw new Error(read.message);
    const root = read.root;
    expect(root.attrs).toEqual({ to: 'committer', task: 'TASK-03' });
    const names = root.children.filter((c): c is XmlElement => typeof c !== 'string').map((c) => c.name);
    expect(names).toEqual([
      'task-spec',
      'context-handoff',
      'context-handoff',
      'previous-results',
      'budget-notice',
    ]);
    const spec = root.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === 'task-spec');
    expect(spec && textOf(spec)).toBe('Add sum & tests <fast>');
    expect(xml).toContain('<context-handoff from="builder" task="TASK-03" detail-level="SUMMARY">');
    expect(xml).toContain('    <context-handoff from="prev-task" task="TASK-02" detail-level="SUMMARY">');
  });

  it('refuses a notice name that is not an XML name', () => {
    expect(() =>
      renderDispatch({ to: 'builder', handoffs: [], notices: [{ name: 'budget notice', text: 'x' }] }),
    ).toThrow(/XML element name/);
  });
});

describe('the pipeline-xml codec', () => {
  it('renders a <task-result> that parseTaskResult reads, and reads it back into the handoff', () => {
    const h = handoff({
      files_touched: [{ action: 'created', path: 'src/sum.ts', note: 'new' }],
      validation: [{ result: 'passed', command: 'npm test', outcome: '3 tests' }],
      notes: 'Some notes',
    });
    const { text, losses } = renderPipelineXml(h);
    // An in-progress handoff is written as PASS, and that is said (issue 12).
    expect(losses.map((l) => l.field)).toEqual(['status']);
    expect(renderPipelineXml({ ...h, status: 'complete' }).losses).toEqual([]);
    const r = parseTaskResult(text);
    expect(r).toMatchObject({
      ok: true,
      result: {
        status: 'PASS',
        agent: 'builder',
        task: 'TASK-03',
        filesChanged: [{ action: 'created', path: 'src/sum.ts' }],
        verification: [{ name: 'npm test', status: 'PASS' }],
      },
    });
    const back = parsePipelineXml(text);
    expect(back.findings).toEqual([]);
    expect(back.handoff).toEqual(h);
  });

  it('lists what it cannot hold', () => {
    const { losses } = renderPipelineXml(
      handoff({
        goal: 'g',
        dead_ends: [{ attempt: 'x' }],
        files_touched: [{ action: 'renamed', from: 'a', path: 'b' }],
      }),
    );
    expect(losses.map((l) => l.field)).toEqual(['goal', 'dead_ends', 'files_touched', 'status']);
  });

  it('reads the seed short form into the canonical model', () => {
    const parsed = parsePipelineXml(SEED_REPLY);
    expect(parsed.findings).toEqual([]);
    expect(parsed.handoff).toMatchObject({
      from: 'builder',
      status: 'complete',
      summary: 'Added sum() to src/calc.ts with tests.',
      decisions: [{ decision: 'reduce keeps it short', rejected: [] }],
      open_concerns: ['Floats are not rounded'],
      remaining: [],
    });
  });

  it('reads a bare <context-handoff>, and turns malformed XML into an INVALID finding with a line', () => {
    const bare = parsePipelineXml(
      '<context-handoff from="verifier" task="T-1"><what>ok</what><incomplete>Write docs</incomplete></context-handoff>',
    );
    expect(bare.handoff).toMatchObject({
      from: 'verifier',
      task: 'T-1',
      summary: 'ok',
      status: 'in-progress',
    });
    expect(bare.handoff.remaining.map((s) => s.title)).toEqual(['Write docs']);
    const bad = parsePipelineXml('\n<task-result status="PASS"><notes>x</task-result>');
    expect(bad.findings).toMatchObject([{ verdict: 'INVALID', code: 'xml-syntax', line: 2 }]);
  });

  it('is recognised by detect(), also inside a reply', () => {
    expect(
      detect(renderTaskResult({ status: 'PASS', filesChanged: [], verification: [], handoffs: [] })),
    ).toBe('pipeline-xml');
    expect(detect(SEED_REPLY)).toBe('pipeline-xml');
    expect(detect('# Title\n\nno xml here\n')).toBe('baton');
  });
});
