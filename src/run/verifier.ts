/**
 * The built-in verifier, used when no verifier agent is configured: it runs the task's
 * `Verify by` commands from the repository root and writes the verifier's handoff from their
 * results.
 */
import type { ContextHandoffXml } from '../formats/pipeline-xml/index.js';
import type { PlanTask } from '../plan/types.js';
import { type ReverifyResult, runCheck } from '../resume/reverify.js';

/** The built-in verifier's verdict, handoff and the command results behind them. */
export interface BuiltinVerification {
  verdict: 'PASS' | 'FAIL';
  handoff: ContextHandoffXml;
  checks: ReverifyResult[];
}

/** Runs every `Verify by` command of `task`; PASS when all pass. */
export async function verifyBuiltin(
  task: PlanTask,
  cwd: string,
  timeoutMs: number,
  onCheck?: (r: ReverifyResult) => void,
  signal?: AbortSignal,
): Promise<BuiltinVerification> {
  const checks: ReverifyResult[] = [];
  for (const command of task.verifyBy) {
    if (signal?.aborted) break;
    const r = await runCheck(command, { cwd, timeoutMs, tailLines: 10, ...(signal ? { signal } : {}) });
    checks.push(r);
    onCheck?.(r);
  }
  const failed = checks.filter((c) => !c.passed);
  const verdict = failed.length === 0 ? 'PASS' : 'FAIL';
  const line = (c: ReverifyResult) =>
    `${c.passed ? 'passed' : c.timedOut ? 'timed out' : `failed (exit ${c.exitCode})`}: \`${c.command}\``;
  const handoff: ContextHandoffXml = {
    from: 'verifier',
    task: task.id,
    detail: 'FULL',
    what: checks.length ? checks.map(line).join('\n') : 'No Verify by commands: nothing was run.',
    why: checks.length
      ? "The verdict is the exit codes of the task's Verify by commands."
      : 'The plan gives no way to verify this task.',
    caution: failed.length
      ? failed.map((c) => `${c.command}: ${c.tail.split('\n').slice(-3).join(' | ')}`).join('\n')
      : checks.length
        ? 'None'
        : 'Nothing was checked; the gate still checks the files changed.',
    incomplete: failed.length ? failed.map((c) => c.command).join('\n') : 'None',
  };
  return { verdict, handoff, checks };
}
