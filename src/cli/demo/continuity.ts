/** The demo's second half: a handoff that knows when the repository has moved on. */

import { archiveHandoff } from '../../archive/archive.js';
import { renderBrief } from '../../resume/render.js';
import { resumeHandoff } from '../../resume/resume.js';
import { openStore } from '../../store/open.js';
import type { TempRepo } from '../../testing/git-repo.js';
import { validateFile } from '../../validate/validate.js';
import { writeHandoff } from '../../write/write.js';
import type { CommandIO } from '../io.js';
import { formatFinding } from '../output.js';

/** The sum test the pipeline demo writes; the continuity demo extends it. */
export const SUM_TEST =
  "import assert from 'node:assert';\nimport { sum } from '../src/sum.js';\nassert.equal(sum([]), 0);\nassert.equal(sum([1, 2, 3]), 6);\n";

const DRAFT = `# Document sum and mean

## Goal

Keep the calc library's \`sum\` and \`mean\` correct, and document both in the README.

## Summary

\`sum\` and \`mean\` are tested; the README still needs an API section.

## Done

- [x] \`src/sum.js\` returns 0 for an empty list — verified by \`node test/sum.test.js\` → pass
- [x] \`src/mean.js\` — verified by \`node test/mean.test.js\` → pass
- [x] Kept the library dependency-free

## Remaining

### Add an API section to the README

- Goal: an API section in README.md for \`sum\` and \`mean\`
- Files in scope: README.md
- Verify by: \`grep -q "## API" README.md\`

## Decisions

- Use Array.prototype.reduce with 0 as the start — because an empty list must sum to 0
  - Rejected: a for loop — longer, no clearer

## Facts

- confirmed — sum([]) is 0 — \`node test/sum.test.js\`

## Files touched

- modified \`README.md\`

## Validation

- passed — \`node test/sum.test.js\` — 2 assertions

## Dead ends

- Number.prototype tricks — unreadable, and they touch a global
`;

/**
 * The continuity half of the demo: a handoff written in `repo`, the repository moved on by
 * someone else, validate and resume catching it, another branch refused. Steps are numbered
 * from `first`.
 */
export async function continuityDemo(io: CommandIO, repo: TempRepo, first: number): Promise<void> {
  const say = (text = '') => io.stdout(`${text}\n`);
  const bold = (t: string) => (io.stdoutIsTTY ? `\x1b[1m${t}\x1b[0m` : t);
  let n = first;
  const step = (text: string) => say(`\n${bold(`${n++}. ${text}`)}`);
  repo.git('switch', '-q', '-c', 'feature/sum-docs');
  repo.git('commit', '-q', '--allow-empty', '-m', 'docs: start');
  step('An agent runs out of room and hands off: baton write --from builder --task TASK-04');
  const handoffPath = `${repo.dir}/.baton/handoff.md`;
  const written = await writeHandoff({
    path: handoffPath,
    draft: DRAFT,
    fields: { from: 'builder', task: 'TASK-04', status: 'in-progress' },
  });
  if (!written.ok)
    throw new Error(`demo draft refused: ${written.findings.map((f) => f.message).join('; ')}`);
  const p = written.handoff.provenance;
  say(`   wrote .baton/handoff.md (id ${written.handoff.id})`);
  say(
    `   anchored to ${p?.repository} ${p?.branch} at ${p?.head.slice(0, 12)}, base ${p?.base_ref} at ${p?.base_commit.slice(0, 12)}, ${p?.worktree_state}`,
  );
  step(
    'The next agent checks it before trusting it, and keeps it as evidence: baton validate && baton archive',
  );
  await showValidate(io, handoffPath, repo.dir);
  const archived = await archiveHandoff(handoffPath, { store: () => openStore({ cwd: repo.dir, env: {} }) });
  say(archived.ok ? `   archived ${archived.put.handoff.id} in .baton/baton.db` : '   not archived');
  step('Meanwhile someone else moves the repository on');
  repo.write('src/sum.js', 'export function sum(xs) {\n  return xs.reduce((a, b) => a + b);\n}\n');
  repo.git('commit', '-q', '-am', 'sum: drop the start value');
  repo.write('test/sum.test.js', `${SUM_TEST}assert.equal(sum([5]), 5);\n`);
  say('   committed "sum: drop the start value" (src/sum.js), and left test/sum.test.js edited');
  step('baton validate catches it: STALE, exit 3');
  await showValidate(io, handoffPath, repo.dir);
  step('baton resume --reverify --yes: what moved, and the claims it touched, checked again');
  // The demo wrote this handoff's commands itself, so it consents (a user's own run asks first).
  const resumed = await resumeHandoff(handoffPath, {
    reverify: true,
    consent: () => true,
    timeoutMs: 30_000,
  });
  if (resumed.ok) {
    const brief = renderBrief(resumed.brief);
    const from = brief.indexOf('## What moved since');
    const ends = ['## The previous agent', '## DO NOT REDO', '## Governance']
      .map((h) => brief.indexOf(h, from))
      .filter((i) => i > 0);
    const keep = brief.slice(from, Math.min(...ends, brief.length));
    for (const line of keep.trimEnd().split('\n')) say(`   ${line}`);
    say(
      `   (exit ${resumed.brief.exitCode}; the full brief also carries the goal, DO NOT REDO, DO NOT REVERSE, remaining work and dead ends)`,
    );
  }
  step('On another branch it is not the same work: validate says MISMATCH, resume refuses');
  repo.git('stash', '-q');
  repo.git('switch', '-q', 'main');
  await showValidate(io, handoffPath, repo.dir);
  const refused = await resumeHandoff(handoffPath);
  say(`   baton resume: ${refused.ok ? 'resumed' : `refused, exit ${refused.report.exitCode}`}`);
}

async function showValidate(io: CommandIO, path: string, root: string): Promise<void> {
  const report = await validateFile(path);
  const short = path.slice(root.length + 1);
  for (const f of report.findings) io.stdout(`   ${formatFinding(short, f)}\n`);
  if (report.verdict === 'VALID') io.stdout(`   VALID: ${short}\n`);
  io.stdout(`   (exit ${report.exitCode})\n`);
}
