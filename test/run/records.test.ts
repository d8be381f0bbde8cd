/** Every record path derived from an id is one file name inside the run folder (issue 11 item 11). */
import { describe, expect, it } from 'vitest';
import { runPaths } from '../../src/run/records.js';

describe('run record paths', () => {
  it('refuses an id that is not a plain name, for every path derived from it', () => {
    const paths = runPaths('/repo', '01JDZ0000000000000000000AB');
    expect(paths.progress('TASK-01')).toBe(
      '/repo/.baton/runs/01JDZ0000000000000000000AB/TASK-01_progress.md',
    );
    for (const bad of ['../x', 'a/b', '/etc/passwd', '.hidden', '', 'a\0b']) {
      expect(() => paths.progress(bad), bad).toThrow(/is not a plain name/);
      expect(() => paths.result(bad), bad).toThrow(/is not a plain name/);
      expect(() => paths.dispatch(bad, 'builder', 1, 1), bad).toThrow(/is not a plain name/);
      expect(() => paths.reply('T', bad, 1, 1), bad).toThrow(/is not a plain name/);
    }
    expect(() => runPaths('/repo', '../../elsewhere')).toThrow(/run id .* is not a plain name/);
  });
});
