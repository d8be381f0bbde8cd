/** `baton run --plan <file>`: the plan through builder → verifier → committer, live. */
import { resolve } from 'node:path';
import { loadEndpoints } from '../../agents/endpoints.js';
import { resolveAgent } from '../../agents/resolve.js';
import { UserError } from '../../errors.js';
import { confineToOwnRoot } from '../../fs/index.js';
import { loadPlan } from '../../plan/load.js';
import { findRepositoryRoot } from '../../provenance/discover.js';
import type { RunOptions } from '../../run/context.js';
import { resumeRun, startRun } from '../../run/engine.js';
import { checkRecordsHome } from '../../run/records.js';
import { recordedAgents } from '../../run/resume-state.js';
import { progressPrinter, summaryLines } from '../_progress.js';
import { badValue, type FlagSpec, helpText, integerFlag, type ParsedArgs, parseFlags } from '../args.js';
import type { Command, CommandIO } from '../io.js';

const FLAGS = {
  plan: { type: 'string', short: 'p', value: 'file', description: 'the plan (Markdown or YAML)' },
  builder: { type: 'string', value: 'agent', description: 'the builder agent (required for a new run)' },
  verifier: {
    type: 'string',
    value: 'agent',
    description: "a verifier agent (default: the built-in verifier runs\neach task's Verify by commands)",
  },
  parallel: {
    type: 'string',
    value: 'n',
    description:
      "independent tasks at once, each in a work tree of its own\nwhen n > 1 (default 1; a resume keeps the run's)",
  },
  'max-attempts': { type: 'string', value: 'n', description: 'attempts per task (default 3)' },
  timeout: { type: 'string', value: 'sec', description: 'per agent call (default 600)' },
  'dispatch-format': { type: 'string', value: 'f', description: 'xml (default) or markdown' },
  'allow-dirty': { type: 'boolean', description: 'start with uncommitted changes (never committed)' },
  endpoints: {
    type: 'string',
    value: 'file',
    description: 'named endpoints (default .baton/endpoints.yaml)',
  },
  'handoff-threshold': {
    type: 'string',
    value: 'f',
    description: 'share of max_context that brings a BUDGET NOTICE\n(default 0.8)',
  },
  'max-respawns': {
    type: 'string',
    value: 'n',
    description:
      'continuation windows per stage (default 2; 0 escalates\nthe first handoff as a decomposition error)',
  },
  verify: {
    type: 'string',
    multiple: true,
    value: 'cmd',
    description: "run after each task's builder finishes; a failure is a\nfailed attempt (repeatable)",
  },
  resume: {
    type: 'string',
    value: 'run-id',
    description:
      "continue a run that was interrupted (kill -9 included);\nthe agents are the ones given, else the run's own",
  },
  retry: {
    type: 'string',
    multiple: true,
    value: 'task',
    description:
      'with --resume: start this failed task again (repeatable;\ndefault: every failed or needs-planning task)',
  },
  'no-store': {
    type: 'boolean',
    description:
      'keep the events in the run folder only, not also in the\nstore (the store: $BATON_STORE, else .baton/baton.db)',
  },
  json: { type: 'boolean', description: 'print run.json at the end instead of the summary' },
} as const satisfies Record<string, FlagSpec>;

/** The run command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton run --plan <file> --builder <agent> [options]
       baton run --resume <run-id> [--retry <task>] [--plan <fixed plan>] [--builder <agent>]

Runs the plan's tasks in dependency order. Each task goes builder → verifier →
committer: the builder is dispatched with the task and earlier tasks' handoffs by
distance (1 back FULL, 2 back SUMMARY, older dropped), the verifier with the
builder's handoff, and the built-in committer gates on the builder's progress file
and commits exactly the files it lists. A failed attempt is retried (3 attempts in
all); a task that still fails halts the run. Every step is an event in
.baton/runs/<run-id>/events.jsonl; run.json holds the summary.

An <agent> is a shell command (the dispatch on stdin, its path in
BATON_DISPATCH_FILE; BATON_TASK, BATON_STAGE, BATON_WINDOW, BATON_ATTEMPT,
BATON_ROLE and BATON_RUN_DIR set; the reply on stdout), scripted:<path> (a folder
of reply files, or a .mjs module), or endpoint:<name> (a named endpoint of
endpoints.yaml: an OpenAI-compatible chat-completions server, or a command, with
its context budget).

Budgets: before every dispatch to an endpoint with max_context, baton counts its
tokens. Over max_context the dispatch is not sent (failed-budget); at or over the
threshold a BUDGET NOTICE asks the agent to hand off. A handoff (Anchor's five
sections, or a canonical handoff with status in-progress) continues in a fresh
window, restating the task and carrying what was done and decided; a sub-spec
without Verify by gets one corrective retry, then the task escalates; remaining
work outside the task's files in scope is refused and goes back to planning.`,
    flags: FLAGS,
    after: `Ctrl-C (SIGINT) or SIGTERM ends the agents in flight (their whole process tree),
records an \`interrupted\` event and exits 130; --resume continues the run. One
process runs a run at a time (.baton/runs/<run-id>/run.lock holds its pid): a
--resume of a run that is still running is refused, and agents a killed baton
left behind are ended before the run goes on.

Exit codes: 0 every task committed, 1 the plan or the repository was refused
(nothing ran) or the run is already running, 5 a task failed or escalated and the
run halted, 6 a task needs planning (its handoff widened the scope, or it outgrew
its windows), 64 usage error, 130 interrupted.`,
  }),
  async run(args, io) {
    const { flags } = parseFlags('run', args, FLAGS);
    const root = findRepositoryRoot(io.cwd);
    if (!root) throw new UserError('RUN_REFUSED', `${io.cwd} is not inside a git repository`);
    const printer = progressPrinter(io);
    const common = commonOptions(flags, root);
    if (!flags.json) common.listeners = [(e) => printer.onEvent(e)];
    const endpoints = await loadEndpoints(
      root,
      flags.endpoints ? resolve(io.cwd, flags.endpoints) : undefined,
    );
    const agentOf = (spec: string) => resolveAgent(spec, io.cwd, endpoints);
    if (flags.verifier) common.verifier = await agentOf(flags.verifier);
    // What the run is (its plan, or the run to resume) and its agents are checked before the
    // store is opened: a mistake there leaves no store file behind.
    const begin = await beginFor(flags, common, io, agentOf);
    // Nothing is opened through a `.baton` that leads out of the repository (the store file neither).
    checkRecordsHome(root);
    const store = flags['no-store'] ? undefined : await openRunStore(root, io);
    if (store) {
      common.store = store;
      common.onStoreError = (error) =>
        io.stderr(
          `baton: the store stopped taking events (${error.message}); the run goes on, its log is complete, and --resume catches the store up\n`,
        );
    }
    const stopSignals = interruptOnSignals(io, common);
    try {
      const result = await begin(common);
      printer.stop();
      if (flags.json) io.stdout(`${JSON.stringify(result.summary, null, 2)}\n`);
      else for (const l of summaryLines(result.summary)) io.stdout(`${l}\n`);
      return result.exitCode;
    } finally {
      stopSignals();
      printer.stop();
      await store?.close();
    }
  },
};

type Flags = ParsedArgs<typeof FLAGS>['flags'];
type CommonOptions = Omit<RunOptions, 'plan' | 'planText' | 'builder'>;
type Begin = (options: CommonOptions) => ReturnType<typeof startRun>;

// The options every run takes from its flags, each number checked.
function commonOptions(flags: Flags, root: string): CommonOptions {
  const number = (name: string, value: string | undefined, min: number) =>
    value === undefined ? undefined : integerFlag('run', name, value, { min });
  const format = flags['dispatch-format'] ?? 'xml';
  if (format !== 'xml' && format !== 'markdown')
    throw badValue('run', 'dispatch-format', format, ['xml', 'markdown']);
  const common: CommonOptions = {
    root,
    dispatchFormat: format,
    allowDirty: Boolean(flags['allow-dirty']),
    listeners: [],
  };
  const parallel = number('parallel', flags.parallel, 1);
  if (parallel) common.parallel = parallel;
  const attempts = number('max-attempts', flags['max-attempts'], 1);
  if (attempts) common.maxAttempts = attempts;
  const timeout = number('timeout', flags.timeout, 1);
  if (timeout) common.timeoutMs = timeout * 1000;
  const respawns = number('max-respawns', flags['max-respawns'], 0);
  if (respawns !== undefined) common.maxRespawns = respawns;
  if (flags['handoff-threshold'] !== undefined) {
    const t = Number(flags['handoff-threshold']);
    if (!(t > 0 && t <= 1))
      throw new UserError('USAGE', '--handoff-threshold must be a number above 0 and at most 1');
    common.handoffThreshold = t;
  }
  if (flags.verify?.length) common.verify = flags.verify;
  return common;
}

// Ctrl-C and SIGTERM interrupt the run: its agents end, an `interrupted` event is recorded, and
// the run returns 130 (the engine does it; here the signals become an abort). Returns the undo.
function interruptOnSignals(io: CommandIO, common: CommonOptions): () => void {
  const interrupt = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    io.stderr(
      `baton: ${signal}: ending the run's agents (again to quit at once); \`baton run --resume <run-id>\` continues it\n`,
    );
    // A second signal gets the default behaviour: the process ends at once.
    off();
    interrupt.abort(signal);
  };
  const off = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  common.signal = interrupt.signal;
  return off;
}

// The configured store; a store that cannot be opened stops the run before it starts.
async function openRunStore(root: string, io: Parameters<Command['run']>[1]) {
  const { openStore } = await import('../../store/open.js');
  try {
    return await openStore({ cwd: root, env: io.env });
  } catch (error) {
    const e = error as Error & { hint?: string };
    throw new UserError('RUN_REFUSED', `the store cannot take the run's events: ${e.message}`, {
      hint: 'fix the store, or pass --no-store to keep the events in the run folder only',
    });
  }
}

/**
 * How this command line begins: a new run of `--plan`, or `--resume` of a run (its agents the ones
 * given, else its own; `--retry` and a fixed `--plan` for a run that halted).
 */
async function beginFor(
  flags: Flags,
  common: CommonOptions,
  io: CommandIO,
  agentOf: (spec: string) => ReturnType<typeof resolveAgent>,
): Promise<Begin> {
  const root = common.root;
  if (flags.resume) {
    const runId = flags.resume;
    const recorded = recordedAgents(root, runId);
    const builder = flags.builder ?? recorded.builder;
    if (!builder)
      throw new UserError('USAGE', 'give --builder: the run did not record one that can be reused');
    if (!common.verifier && recorded.verifier && recorded.verifier !== 'built-in') {
      common.verifier = await agentOf(recorded.verifier);
    }
    const agent = await agentOf(builder);
    // A plan the person fixed after the run halted: the resume runs that one.
    const fixed = flags.plan ? confineToOwnRoot(resolve(io.cwd, flags.plan), 'read') : undefined;
    const loaded = fixed ? await loadPlan(fixed) : undefined;
    const plan = loaded ? { plan: loaded.plan, planText: loaded.text } : {};
    const retry = flags.retry ? { retry: flags.retry } : {};
    return (options) => resumeRun(runId, { ...options, ...plan, ...retry, builder: agent });
  }
  if (flags.retry) throw new UserError('USAGE', '--retry goes with --resume <run-id>');
  if (!flags.plan) throw new UserError('USAGE', 'give the plan with --plan <file> (see `baton run --help`)');
  if (!flags.builder) throw new UserError('USAGE', 'give the builder agent with --builder <agent>');
  // Read where it really is, and only inside its own repository (the one containment rule).
  const planPath = confineToOwnRoot(resolve(io.cwd, flags.plan), 'read');
  const { plan, text: planText } = await loadPlan(planPath);
  const agent = await agentOf(flags.builder);
  return (options) => startRun({ ...options, plan, planText, builder: agent });
}
