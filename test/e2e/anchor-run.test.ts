/**
 * `baton run`'s continuation path with an agent that writes Anchor's handoff template verbatim
 * (seed 004): bare bullets under Done, Decisions made and Files touched, sub-specs under
 * Remaining. The handoff is taken, the fresh window carries it forward, and the task commits.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { baton } from './_helpers.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

const TEMPLATE = join(import.meta.dirname, '..', 'fixtures', 'anchor', 'valid', 'template-bare-bullets.md');

const PLAN = `# Plan: Settings

## TASK-01: Settings file
- Goal: read the settings from src/config.txt
- Files in scope: src/**
- Verify by: \`test -f src/settings.js\`
`;

// Window 1 replies with the Anchor template as it is; window 2 finishes the work.
const BUILDER = `#!/bin/sh
set -e
if [ "$BATON_WINDOW" = 1 ]; then
  printf 'key = 1\\n' > src/config.txt
  cat "$(dirname "$0")/handoff.md"
  exit 0
fi
printf 'export const settings = {};\\n' > src/settings.js
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/config.txt\` — CREATE\\n  - \`src/settings.js\` — CREATE\\n' > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
cat <<'XML'
<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Loaded the settings.</what><why>The plan asks for it.</why><caution>None</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>
XML
`;

describe('baton run with an Anchor-style agent', () => {
  it("takes Anchor's template verbatim as a handoff and finishes the task in a fresh window", () => {
    const repo = createTempRepo({ prefix: 'anchor run' });
    const tools = mkdtempSync(join(tmpdir(), 'baton-anchor-'));
    cleanup.push(
      () => repo.cleanup(),
      () => rmSync(tools, { recursive: true, force: true }),
    );
    repo.write('src/.keep', '');
    repo.commit('project');
    writeFileSync(join(tools, 'plan.md'), PLAN);
    writeFileSync(join(tools, 'builder.sh'), BUILDER);
    copyFileSync(TEMPLATE, join(tools, 'handoff.md'));
    const r = baton(
      ['run', '--plan', join(tools, 'plan.md'), '--builder', `sh '${join(tools, 'builder.sh')}'`],
      {
        cwd: repo.dir,
        timeoutMs: 60_000,
      },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const runDir = join(repo.dir, '.baton/runs', readdirSync(join(repo.dir, '.baton/runs'))[0] as string);
    const events = readFileSync(join(runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.filter((e) => e.event === 'correction')).toEqual([]);
    expect(events.find((e) => e.event === 'handoff')).toMatchObject({
      window: 1,
      remaining: 1,
      stage: 'builder',
    });
    const second = readFileSync(join(runDir, 'dispatches', 'TASK-01.builder.a1.w2.txt'), 'utf8');
    expect(second).toContain('Added the table of defaults');
    expect(second).toContain('Keep the INI syntax');
    expect(second).toContain('src/config.txt');
    expect(second).toContain('### Load the settings at start-up');
    expect(repo.git('log', '--format=%s', '-1')).toBe('TASK-01: Settings file');
  });
});
