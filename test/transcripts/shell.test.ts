/** Reading shell commands: checks, commits, files written and removed, apply_patch envelopes. */
import { describe, expect, it } from 'vitest';
import { commitSubject, isCheck, patchFileChanges, shellFileChanges } from '../../src/transcripts/_shell.js';

describe('isCheck', () => {
  const checks = [
    'npm test',
    'npm run lint',
    'pnpm -r run typecheck',
    'yarn build',
    'npx vitest run test/a.test.ts',
    'npx --yes tsc --noEmit',
    'npx --package @biomejs/biome@1 biome check src/components',
    'CI=1 timeout 120 pytest -q tests/',
    'python -m pytest -k slow',
    'uv run mypy src',
    'bundle exec rspec spec/a_spec.rb',
    'go test ./...',
    'cargo clippy -- -D warnings',
    'mix test test/a_test.exs 2>&1 | tail -5',
    'cd web && make',
    'make check',
    'test -f dist/index.js',
    '[ -s out.log ]',
    'grep -q "ready" server.log',
    'diff expected.txt actual.txt',
    './node_modules/.bin/eslint src',
    'prettier --check .',
    'baton validate .baton/handoff.md',
  ];
  const others = [
    'ls -la',
    'git status',
    'npm install',
    'cat package.json',
    'grep -rn foo src',
    'echo test',
    'git commit -m "test: x"',
    'npm run dev',
    'make install',
    // A test that only decides whether set-up runs.
    '[ -s "$HOME/.nvm/nvm.sh" ] && . "$HOME/.nvm/nvm.sh" && nvm use 20',
    'test -d .venv || python3 -m venv .venv',
  ];
  it.each(checks)('%s is a check', (c) => expect(isCheck(c)).toBe(true));
  it.each(others)('%s is not a check', (c) => expect(isCheck(c)).toBe(false));
});

describe('commitSubject', () => {
  it('reads -m, -am, --message= and heredoc messages', () => {
    expect(commitSubject('git add -A && git commit -m "feat: a\n\nbody"')).toBe('feat: a');
    expect(commitSubject("git commit -am 'fix: b'")).toBe('fix: b');
    expect(commitSubject('git commit --message=chore:c')).toBe('chore:c');
    expect(commitSubject('git commit -m "$(cat <<\'EOF\'\nfeat: d\n\nCo-Authored-By: x\nEOF\n)"')).toBe(
      'feat: d',
    );
    expect(commitSubject('git log --oneline')).toBeUndefined();
  });
});

describe('shellFileChanges', () => {
  it('finds redirection and tee targets, and literal rm arguments', () => {
    expect(shellFileChanges('echo hi > a.txt && cat b >> notes/b.md 2>/dev/null')).toEqual({
      written: ['a.txt', 'notes/b.md'],
      deleted: [],
    });
    expect(shellFileChanges('printf x | tee out/x.md')).toEqual({ written: ['out/x.md'], deleted: [] });
    expect(shellFileChanges('rm -f old.txt "$TMP/x" && git rm gone.ts')).toEqual({
      written: [],
      deleted: ['old.txt', 'gone.ts'],
    });
    expect(shellFileChanges('rm -rf build')).toEqual({ written: [], deleted: [] });
    expect(shellFileChanges('cmd > /dev/null 2>&1')).toEqual({ written: [], deleted: [] });
  });

  it('reads a here-document as data: its lines are neither commands nor files', () => {
    const notes = "cat > docs/notes.md <<'EOF'\n# Notes\nrm old.txt\necho a > b.txt\nEOF\nrm done.txt";
    expect(shellFileChanges(notes)).toEqual({ written: ['docs/notes.md'], deleted: ['done.txt'] });
    const tabbed = 'cat <<-END > out/x.sh\n\techo hi > y.txt\n\tEND';
    expect(shellFileChanges(tabbed)).toEqual({ written: ['out/x.sh'], deleted: [] });
    expect(isCheck("cat > t.sh <<'EOF'\nnpm test\nEOF")).toBe(false);
    // A here-document inside a quoted `$(…)` is the quoted word's text, as before.
    expect(commitSubject('git commit -m "$(cat <<\'EOF\'\nfeat: e\nEOF\n)"')).toBe('feat: e');
  });

  it('finds the files inline code writes when the command hands code to an interpreter', () => {
    const script = [
      "python3 - <<'PY'",
      'import json, pandas as pd',
      "rows = json.load(open('data/funds.json'))",
      "with open('reports/summary.md', 'w', encoding='utf-8') as f:",
      "    f.write('# Summary')",
      "Path('reports/ok.txt').write_text('ok')",
      "pd.DataFrame(rows).to_csv('reports/funds.csv', index=False)",
      "open(f'reports/{name}.md', 'w')",
      'PY',
    ].join('\n');
    expect(shellFileChanges(script).written).toEqual([
      'reports/summary.md',
      'reports/ok.txt',
      'reports/funds.csv',
    ]);
    expect(
      shellFileChanges(`node -e "require('fs').writeFileSync('out/version.txt', process.version)"`).written,
    ).toEqual(['out/version.txt']);
    expect(shellFileChanges(`ruby -e 'File.write("VERSION", "2.0")'`).written).toEqual(['VERSION']);
    // Code that is searched for or printed, not run: no file is written.
    expect(shellFileChanges(`grep -rn "open('out.txt', 'w')" src`).written).toEqual([]);
    expect(shellFileChanges(`cat > gen.py <<'EOF'\nopen('x.txt', 'w')\nEOF`).written).toEqual(['gen.py']);
  });
});

describe('patchFileChanges', () => {
  it('reads add, update, delete and move headers', () => {
    const patch =
      '*** Begin Patch\n*** Add File: a.rs\n+x\n*** Update File: b.rs\n*** Move to: c.rs\n@@\n*** Delete File: d.rs\n*** End Patch';
    expect(patchFileChanges(patch)).toEqual([
      { path: 'a.rs', kind: 'created' },
      { path: 'b.rs', kind: 'deleted' },
      { path: 'c.rs', kind: 'created' },
      { path: 'd.rs', kind: 'deleted' },
    ]);
  });
});
