/** How findings and reports look on a terminal: one line per finding. */
import type { Finding } from '../handoff/finding.js';
import { type Report, reportAsJson } from '../validate/report.js';
import type { WriteResult } from '../write/write.js';
import type { CommandIO } from './io.js';

/** `LEVEL: path: field: saved x, now y`, or `LEVEL: path:line: message`. */
export function formatFinding(path: string, f: Finding): string {
  if (f.field && (f.saved !== undefined || f.current !== undefined)) {
    const extra = f.code.endsWith('-differs') || f.code.endsWith('-moved') ? '' : ` (${f.message})`;
    const moved =
      f.field === 'head' && f.message.startsWith('HEAD has moved:') ? ` (${f.message.slice(16)})` : '';
    return `${f.verdict}: ${path}: ${f.field}: saved ${f.saved ?? '(none)'}, now ${f.current ?? '(none)'}${moved || extra}`;
  }
  return `${f.verdict}: ${path}${f.line ? `:${f.line}` : ''}: ${f.message}`;
}

/** A report object for `--json`: the capture's internals are left out. */
export const jsonReport = reportAsJson;

/** Prints why a handoff was refused (its findings, then one `baton: not …` line); returns validate's exit code. */
export function printRefusal(io: CommandIO, report: Report, doing: string): number {
  for (const f of report.findings) io.stderr(`${formatFinding(report.path, f)}\n`);
  io.stderr(`baton: not ${doing} ${report.path}: it is ${report.verdict}\n`);
  return report.exitCode;
}

/** Prints why `write` refused a draft (its findings on the draft's lines, what to fold); returns its exit code. */
export function printWriteRefusal(
  io: CommandIO,
  result: Extract<WriteResult, { ok: false }>,
  source = 'draft',
): number {
  for (const f of result.findings) io.stderr(`${formatFinding(source, f)}\n`);
  for (const a of result.advice) io.stderr(`fold: ${a}\n`);
  io.stderr(`baton: nothing was written to ${result.path}\n`);
  return result.exitCode;
}
