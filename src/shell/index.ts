/** The one `sh -c` runner: a process group, its descendants ended on timeout or abort, closed pipes. */
export { endProcessesWithEnv, runShell, type ShellOptions, type ShellResult } from './run-shell.js';
