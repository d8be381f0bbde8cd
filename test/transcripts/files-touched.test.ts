/**
 * Files touched are the work's files: a log or a captured output a redirection keeps, and a
 * scratch file under /tmp, are none of them; and one that only Claude Code's checkpoints show
 * changed is listed as such, unconfirmed.
 */
import { describe, expect, it } from 'vitest';
import { compileSteps } from './support/sessions.js';

const listed = (h: { files_touched: { path: string }[]; notes?: string }) =>
  `${h.files_touched.map((f) => f.path).join('\n')}\n${h.notes ?? ''}`;

describe('files touched', () => {
  it('leaves out logs, pid files and captured output a command writes, and keeps what it means to write', async () => {
    const { handoff, session } = await compileSteps([
      { user: 'Start the server and fix the build' },
      { bash: 'nohup ./server > server.log 2>&1 & echo $! > server.pid' },
      { bash: 'npm run build 2>&1 | tee build-output.txt' },
      { bash: 'make test > out.txt 2> err.txt' },
      { bash: "cat > docs/setup.md <<'EOF'\n# Setup\nEOF" },
      // An expected output a test compares against is the work, though named like a capture.
      { bash: './calc examples/sum.calc > tests/golden/sum.out' },
      { bash: 'echo "dist/" >> .gitignore' },
      { edit: 'src/app.ts' },
    ]);
    const text = listed(handoff);
    for (const scratch of ['server.log', 'server.pid', 'build-output.txt', 'out.txt', 'err.txt'])
      expect(text).not.toContain(scratch);
    for (const kept of ['docs/setup.md', '.gitignore', 'src/app.ts', 'tests/golden/sum.out'])
      expect(text).toContain(kept);
    expect(session.files.size).toBe(4);
  });

  it('leaves out scripts and logs under /tmp, written by the shell or a file tool, on both hosts', async () => {
    for (const host of ['claude-code', 'codex'] as const) {
      const { handoff } = await compileSteps(
        [
          { user: 'Rebuild the report' },
          { bash: "cat > /tmp/build_report.py <<'EOF'\nprint(1)\nEOF" },
          { bash: 'python3 /tmp/build_report.py > /tmp/report_run.txt' },
          { bash: 'python3 gen.py > /var/log/gen-nightly.txt' },
          {
            bash: 'cp report/summary.md /var/folders/x1/T/summary-copy.md && echo x > /var/folders/x1/T/a.md',
          },
          ...(host === 'claude-code' ? [{ write: '/tmp/notes_scratch.md' }] : []),
          { write: 'report/summary.md' },
        ],
        host,
      );
      const text = listed(handoff);
      expect(text).not.toContain('/tmp/');
      expect(text).not.toContain('/var/log/');
      expect(text).not.toContain('/var/folders/');
      expect(text).toContain('report/summary.md');
    }
  });

  it("says a change only Claude Code's checkpoint shows is unconfirmed, and reads its path with ./ or ../ as the file it names", async () => {
    const { handoff, session } = await compileSteps([
      { user: 'Write the dashboard guide and fix the sibling tool' },
      { write: 'src/dashboard.ts' },
      { write: 'lib/sync.py' },
      // The guide's Write call was lost (at a compaction): only the checkpoint holds it.
      { checkpoint: { 'DASHBOARD.md': { version: 1, created: true }, './lib/sync.py': { version: 1 } } },
    ]);
    const guide = handoff.files_touched.find((f) => f.path === 'DASHBOARD.md');
    expect(guide?.note).toContain('unconfirmed');
    expect(handoff.files_touched.find((f) => f.path === 'src/dashboard.ts')?.note).toBeUndefined();
    // The file the Write call changed is the checkpoint's `./lib/sync.py` (`../x` of a sibling alike): once, confirmed.
    expect([...session.files.keys()].filter((p) => p.endsWith('sync.py'))).toHaveLength(1);
    expect(handoff.notes ?? '').not.toContain('unconfirmed');
  });
});
