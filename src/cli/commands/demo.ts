/**
 * `baton demo`: a temporary repository, a handoff written in it, the repository moved on by
 * someone else, and validate and resume catching exactly what moved.
 */

import { renderBrief } from '../../resume/render.js';
import { resumeHandoff } from '../../resume/resume.js';
import { createTempRepo } from '../../testing/git-repo.js';
import { validateFile } from '../../validate/validate.js';
import { writeHandoff } from '../../write/write.js';
import { parseFlags } from '../args.js';
import type { Command, CommandIO } from '../io.js';
import { formatFinding } from '../output.js';

const FLAGS = { keep: { type: 'boolean' } } as const;

const DRAFT = `# Sum of a list

## Goal

Add a \`sum(xs)\` function to the calc library, with tests, and document it.

## Summary

\`sum\` is written and tested; the README still needs a usage section.

## Done

- [x] Wrote \`src/sum.js\` — verified by \`node test/sum.test.js\` → pass
- [x] Kept the library dependency-free

## Remaining

### Document sum in the README

- Goal: a usage example of \`sum\` in README.md
- Files in scope: README.md
- Verify by: \`grep -q "sum(" README.md\`

## Decisions

- Use Array.prototype.reduce with 0 as the start — because an empty list must sum to 0
  - Rejected: a for loop — longer, no clearer

## Facts

- confirmed — sum([]) is 0 — \`node test/sum.test.js\`

## Files touched

- created \`src/sum.js\`
- created \`test/sum.test.js\`

## Validation

- passed — \`node test/sum.test.js\` — 2 assertions

## Dead ends

- Number.prototype tricks — unreadable, and they touch a global
`;

/** The demo command. */
export const command: Command = {
  summary: 'show write, validate and resume catching a repository that moved on',
  help: `Usage: baton demo [--keep]

Makes a temporary git repository with a tiny project, writes a handoff in it, moves
the repository on (a commit and an uncommitted edit by "someone else"), and shows
baton validate and baton resume catching what moved, then a different branch being
refused as not the same work.

Options:
  --keep   keep the temporary repository and print its path`,
  async run(args, io) {
    const { flags } = parseFlags('demo', args, FLAGS);
    const repo = createTempRepo({ origin: 'https://example.invalid/acme/calc.git', prefix: 'calc demo' });
    const say = (text = '') => io.stdout(`${text}\n`);
    const bold = (t: string) => (io.stdoutIsTTY ? `\x1b[1m${t}\x1b[0m` : t);
    const step = (n: number, text: string) => say(`\n${bold(`${n}. ${text}`)}`);
    try {
      repo.write('package.json', '{ "type": "module" }\n');
      repo.write('src/sum.js', 'export function sum(xs) {\n  return xs.reduce((a, b) => a + b, 0);\n}\n');
      repo.write(
        'test/sum.test.js',
        "import assert from 'node:assert';\nimport { sum } from '../src/sum.js';\nassert.equal(sum([]), 0);\nassert.equal(sum([1, 2, 3]), 6);\n",
      );
      repo.commit('calc: a package');
      repo.git('switch', '-q', '-c', 'feature/sum');
      repo.commit('sum: first version');
      say('baton demo: a handoff that knows when the repository has moved on');
      step(1, `A repository: ${repo.dir}`);
      say('   branch feature/sum, based on main, origin acme/calc');

      step(2, 'The first agent runs out of room and hands off: baton write --from builder --task TASK-01');
      const handoffPath = `${repo.dir}/.baton/handoff.md`;
      const written = await writeHandoff({
        path: handoffPath,
        draft: DRAFT,
        fields: { from: 'builder', task: 'TASK-01', status: 'in-progress' },
      });
      if (!written.ok)
        throw new Error(`demo draft refused: ${written.findings.map((f) => f.message).join('; ')}`);
      say(`   wrote .baton/handoff.md (id ${written.handoff.id})`);
      const p = written.handoff.provenance;
      say(
        `   anchored to ${p?.repository} ${p?.branch} at ${p?.head.slice(0, 12)}, base ${p?.base_ref} at ${p?.base_commit.slice(0, 12)}, ${p?.worktree_state}`,
      );

      step(3, 'The next agent checks it before trusting it: baton validate');
      await showValidate(io, handoffPath, repo.dir);

      step(4, 'Meanwhile someone else moves the repository on');
      repo.write('src/sum.js', 'export function sum(xs) {\n  return xs.reduce((a, b) => a + b);\n}\n');
      repo.git('commit', '-q', '-am', 'sum: drop the start value');
      repo.write(
        'test/sum.test.js',
        "import assert from 'node:assert';\nimport { sum } from '../src/sum.js';\nassert.equal(sum([]), 0);\nassert.equal(sum([1, 2, 3]), 6);\nassert.equal(sum([5]), 5);\n",
      );
      say('   committed "sum: drop the start value" (src/sum.js), and left test/sum.test.js edited');

      step(5, 'baton validate catches it: STALE, exit 3');
      await showValidate(io, handoffPath, repo.dir);

      step(
        6,
        'baton resume --reverify: the brief for a fresh context, with the claims to re-check run again',
      );
      const resumed = await resumeHandoff(handoffPath, { reverify: true, timeoutMs: 30_000 });
      if (resumed.ok) {
        for (const line of renderBrief(resumed.brief).trimEnd().split('\n')) say(`   ${line}`);
        say(`   (exit ${resumed.brief.exitCode})`);
      }

      step(7, 'On another branch it is not the same work: validate says MISMATCH, resume refuses');
      repo.git('stash', '-q');
      repo.git('switch', '-q', 'main');
      await showValidate(io, handoffPath, repo.dir);
      const refused = await resumeHandoff(handoffPath);
      say(`   baton resume: ${refused.ok ? 'resumed' : `refused, exit ${refused.report.exitCode}`}`);
      say();
      say(
        flags.keep
          ? `Kept the repository at ${repo.dir}`
          : 'Done; the temporary repository was removed (--keep keeps it).',
      );
      return 0;
    } finally {
      if (!flags.keep) repo.cleanup();
    }
  },
};

async function showValidate(io: CommandIO, path: string, root: string): Promise<void> {
  const report = await validateFile(path);
  const short = path.slice(root.length + 1);
  for (const f of report.findings) io.stdout(`   ${formatFinding(short, f)}\n`);
  if (report.verdict === 'VALID') io.stdout(`   VALID: ${short}\n`);
  io.stdout(`   (exit ${report.exitCode})\n`);
}
