import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, hasStackTrace, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const RESULT = `<task-result status="PASS" agent="builder" task="TASK-03">
  <summary>sum() written and tested.</summary>
  <context-handoff from="builder" detail-level="FULL">
    <what>sum() written and tested.</what>
    <why>- Use reduce — because an empty list sums to 0</why>
    <caution>None</caution>
    <incomplete>None</incomplete>
  </context-handoff>
</task-result>
`;

describe('validate on pipeline XML', () => {
  it('recognises a <task-result> by content and validates it (VALID, exit 0)', () => {
    const dir = scratch.plain();
    writeFileSync(join(dir, 'result.xml'), RESULT);
    const r = baton(['validate', '--no-git', 'result.xml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const j = baton(['validate', '--no-git', '--json', 'result.xml'], { cwd: dir });
    expect(JSON.parse(j.stdout)).toMatchObject({ verdict: 'VALID', format: 'pipeline-xml' });
  });

  it('reports malformed XML as INVALID (1) with the line, in one line and no stack trace', () => {
    const dir = scratch.plain();
    writeFileSync(join(dir, 'bad.xml'), RESULT.replace('</summary>', '</summry>'));
    const r = baton(['validate', '--no-git', '--format', 'pipeline-xml', 'bad.xml'], { cwd: dir });
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.status).toBe(1);
    expect(r.errLines).toHaveLength(1);
    expect(r.errLines[0]).toMatch(/^INVALID: .*bad\.xml:2: not well-formed XML: .*\(line 2, column \d+\)$/);
  });
});
