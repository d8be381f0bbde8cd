/**
 * Differential test against context-kit's own `validate-handoff.py`. context-kit's code is not
 * ours to copy into this repository, so the test runs when CONTEXT_KIT_VALIDATOR names a copy of
 * it; without one it says so and checks nothing (docs/formats.md records the last full run).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderContextKit } from '../../src/formats/context-kit/render.js';
import { validateText } from '../../src/validate/validate.js';

const validator = process.env.CONTEXT_KIT_VALIDATOR;
if (!validator) {
  console.log(
    'context-kit differential test: skipped (set CONTEXT_KIT_VALIDATOR=/path/to/validate-handoff.py to run it)',
  );
}

const SECTIONS = [
  'Scope',
  'Verified Facts',
  'Decisions',
  'Changed Files',
  'Completed Work',
  'Unresolved Items',
  'Next Steps',
  'Validation State',
  'Provenance and Freshness',
];
const POOL = [
  '\r',
  '\x0b',
  '\x1c',
  '\x85',
  '\u2028',
  '\ufeff',
  '# ',
  '## ',
  '- ',
  '١. ',
  ':',
  '"',
  '{{x}}',
  '---',
  'Z',
  '\0',
  '\t',
  ' ',
];

function base(): string {
  return renderContextKit({
    schema: 'baton/handoff-v1',
    created_at: '2026-11-30T01:14:19Z',
    provenance: {
      repository: 'o/n',
      worktree: '/w',
      branch: 'main',
      head: 'a'.repeat(40),
      base_ref: 'origin/main',
      base_commit: 'b'.repeat(40),
      worktree_state: 'clean',
    },
    goal: 'g',
    done: [{ text: 'did', result: 'pass', command: 'make' }],
    remaining: [],
    decisions: [],
    facts: [],
    files_touched: [],
    validation: [],
    open_concerns: [],
    dead_ends: [],
    preferences: [],
  }).text;
}

describe.skipIf(!validator)("agreement with context-kit's validate-handoff.py", () => {
  it('gives the same exit code on 2,000 mutated artifacts with random --current-* values', async () => {
    let s = 12345;
    const rnd = () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s / 2 ** 31;
    };
    const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)] as T;
    const dir = mkdtempSync(join(tmpdir(), 'baton-ck-'));
    try {
      const cases: { path: string; args: string[]; current: Record<string, string> }[] = [];
      for (let c = 0; c < 2000; c++) {
        const lines = base().split('\n');
        for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
          const i = Math.floor(rnd() * lines.length);
          const op = Math.floor(rnd() * 5);
          if (op === 0) lines.splice(i, 1);
          else if (op === 1) lines.splice(i, 0, lines[Math.floor(rnd() * lines.length)] as string);
          else if (op === 2) lines.splice(i, 0, `## ${pick(SECTIONS)}`);
          else {
            const l = lines[i] ?? '';
            const at = Math.floor(rnd() * (l.length + 1));
            lines[i] = l.slice(0, at) + pick(POOL) + l.slice(at);
          }
        }
        const path = join(dir, `c${c}.md`);
        writeFileSync(path, lines.join('\n'));
        const current: Record<string, string> = {};
        const args = [path];
        for (const [field, values] of [
          ['branch', ['main', 'dev']],
          ['head', ['a'.repeat(40), 'c'.repeat(40)]],
          ['worktree_state', ['clean', 'dirty']],
        ] as const) {
          if (rnd() < 0.3) {
            const v = pick(values);
            current[field] = v;
            args.push(`--current-${field.replace('_', '-')}=${v}`);
          }
        }
        cases.push({ path, args, current });
      }
      const harness = `import importlib.util,sys,json,io,contextlib
spec=importlib.util.spec_from_file_location('vh',sys.argv[1]);vh=importlib.util.module_from_spec(spec);spec.loader.exec_module(vh)
for line in sys.stdin:
    o,e=io.StringIO(),io.StringIO()
    with contextlib.redirect_stdout(o),contextlib.redirect_stderr(e):
        rc=vh.main(json.loads(line))
    print(rc)`;
      const py = spawnSync('python3', ['-c', harness, validator as string], {
        input: `${cases.map((c) => JSON.stringify(c.args)).join('\n')}\n`,
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      const codes = py.stdout.trim().split('\n').map(Number);
      expect(codes).toHaveLength(cases.length);
      const mismatches: string[] = [];
      for (const [i, c] of cases.entries()) {
        const r = await validateText((await import('node:fs')).readFileSync(c.path), {
          format: 'context-kit',
          git: false,
          current: c.current,
          path: c.path,
        });
        if (r.exitCode !== codes[i]) mismatches.push(`${c.path}: python ${codes[i]}, baton ${r.exitCode}`);
      }
      expect(mismatches).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
