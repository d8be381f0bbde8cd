/**
 * Live progress of a run: one line per step (task, stage, window, attempt, verdict, tokens), a
 * spinner while an agent works when stdout is a terminal, plain lines otherwise.
 */
import type { RunEvent } from '../run/events.js';
import type { RunSummary } from '../run/summary.js';
import type { CommandIO } from './io.js';

/** `1 task`, `2 tasks`. */
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A printer of run events; `stop()` clears the spinner. */
export interface ProgressPrinter {
  onEvent(e: RunEvent): void;
  stop(): void;
}

/** Prints run events to `io.stdout`. */
export function progressPrinter(io: CommandIO): ProgressPrinter {
  let spinner: ReturnType<typeof setInterval> | undefined;
  let frame = 0;
  let waiting = '';
  const clear = () => {
    if (spinner) clearInterval(spinner);
    spinner = undefined;
    if (io.stdoutIsTTY && waiting) io.stdout('\r\x1b[2K');
    waiting = '';
  };
  const line = (text: string) => {
    clear();
    io.stdout(`${text}\n`);
  };
  return {
    onEvent(e) {
      if (e.event !== 'dispatch') {
        const text = lineFor(e);
        if (text !== undefined) line(text);
        return;
      }
      if (e.stage === 'committer') return;
      waiting = `${step(e)}  dispatching ${e.tokens.toLocaleString('en-US')} tokens`;
      if (!io.stdoutIsTTY) return;
      clear();
      waiting = `${step(e)}  ${e.tokens.toLocaleString('en-US')} tok`;
      spinner = setInterval(() => {
        frame = (frame + 1) % FRAMES.length;
        io.stdout(`\r\x1b[2K${FRAMES[frame]} ${waiting}`);
      }, 100);
      spinner.unref?.();
    },
    stop: clear,
  };
}

// Where a stage's step happened: task, stage, attempt, window.
const step = (e: RunEvent) =>
  `${(e.task ?? '').padEnd(9)} ${(e.stage ?? '').padEnd(9)} a${e.attempt ?? 1} w${e.window ?? 1}`;

// The line an event prints, or none (a dispatch has a spinner instead; most events print nothing).
function lineFor(e: RunEvent): string | undefined {
  const task = (e.task ?? '').padEnd(9);
  switch (e.event) {
    case 'run-started':
      return `run ${e.run_id}: ${e.plan} (${counted(e.tasks.length, 'task')})`;
    case 'run-resumed':
      return `run ${e.run_id}: resumed after event ${e.after_seq}`;
    case 'reply':
      return `${step(e)}  ${e.verdict.padEnd(12)}${e.tokens !== undefined ? ` ${e.tokens.toLocaleString('en-US')} tok reply` : ''}${e.built_by ? `  by ${e.built_by}` : ''}${e.reason ? `  ${e.reason}` : ''}`;
    case 'failover':
      return `${step(e)}  ${e.from} did not take it (${e.cause}: ${e.reason})${e.to ? `; moved to ${e.to}` : ''}`;
    case 'correction':
      return `${step(e)}  corrective re-dispatch: ${e.reason}`;
    case 'verify':
      return `${task} verifier  a${e.attempt} w1  ${e.passed ? 'PASS' : 'FAIL'}         \`${e.command}\``;
    case 'gate':
      return `${task} committer a${e.attempt} w1  gate ${e.pass ? 'PASS' : `FAIL  ${e.reason}`}`;
    case 'commit':
      return `${task} committed ${e.commit.slice(0, 12)}${e.recovered ? ' (found after a crash)' : ''}`;
    case 'attempt-failed':
      return `${task} attempt ${e.attempt} failed at the ${e.stage}: ${e.reason}`;
    case 'task-finished':
      return e.status !== 'committed' ? `${task} FAILED after ${counted(e.attempts, 'attempt')}` : undefined;
    case 'worktree-ended':
      if (e.kept) return `${task} work tree kept: ${e.path}`;
      return e.reason === 'orphaned' ? `${task} removed the work tree a crash left: ${e.path}` : undefined;
    case 'run-halted':
      return `halted: ${e.reason}`;
    case 'leftovers-stashed':
      return `${e.task} left ${e.files.length} uncommitted file${e.files.length === 1 ? '' : 's'}: set aside in git stash "${e.message}" (${e.stash.slice(0, 12)}); \`git stash show -p ${e.stash.slice(0, 12)}\` shows them, \`git stash pop\` brings them back`;
    case 'task-retried':
      return `${e.task} (${e.previous}) is started again from HEAD`;
    case 'interrupted':
      return `interrupted (${e.signal}): ending the agents in flight`;
    default:
      return undefined;
  }
}

/** The end-of-run summary lines. */
export function summaryLines(summary: RunSummary): string[] {
  const out = [
    '',
    `${summary.status === 'committed' ? 'All tasks committed' : summary.status === 'interrupted' ? 'Run interrupted' : 'Run halted'} (run ${summary.id})`,
  ];
  for (const t of summary.tasks) {
    out.push(
      `  ${t.id.padEnd(9)} ${t.status.padEnd(10)} attempts ${t.attempts}  windows ${t.windows}  handoffs ${t.handoffs}  ${t.tokens.toLocaleString('en-US')} tokens${t.commit ? `  ${t.commit.slice(0, 12)}` : ''}${t.reason ? `  ${t.reason}` : ''}${t.worktree ? `  (work tree kept: ${t.worktree})` : ''}`,
    );
  }
  if (summary.status === 'halted' || summary.status === 'needs-planning') {
    out.push(
      `After fixing the code or the plan: baton run --resume ${summary.id} (add --plan <file> for a fixed plan, --retry <task> for one task)`,
    );
  }
  return out;
}
