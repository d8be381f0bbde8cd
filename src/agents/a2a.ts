/**
 * The `a2a` agent: a remote builder. The dispatch goes as an A2A message to a `baton serve a2a
 * --agent` on another machine, which works in its own checkout at this work tree's HEAD and sends
 * back its reply, its change as a git patch, and the files it wrote to its run folder. The patch is
 * applied here and the files written to the local run folder; then the gate and committer run as
 * for a local agent. A timeout, a refusal or a patch that does not apply is a failed attempt.
 */
import { existsSync, lstatSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Agent, AgentCall, AgentReply } from './types.js';

/** Where the remote builder is. */
export interface A2AAgentOptions {
  /** The server's base URL. */
  url: string;
  /** The bearer token, when the server wants one (read from the endpoint's `token_env`). */
  token?: string;
  /** Overrides the call's timeout, in milliseconds. */
  timeoutMs?: number;
  /** How often to ask for the task's state while it works (default 250 ms). */
  pollMs?: number;
}

/** A remote builder at `options.url`. */
export function a2aAgent(options: A2AAgentOptions): Agent {
  return { name: `a2a:${options.url}`, call: (call) => callRemote(options, call) };
}

async function callRemote(options: A2AAgentOptions, call: AgentCall): Promise<AgentReply> {
  const started = Date.now();
  const fail = (error: string): AgentReply => ({
    text: '',
    ok: false,
    error,
    durationMs: Date.now() - started,
  });
  const timeoutMs = options.timeoutMs ?? call.timeoutMs;
  const [{ captureProvenance }, { headCommit }, remote] = await Promise.all([
    import('../provenance/capture.js'),
    import('../provenance/commit.js'),
    import('../a2a/remote.js'),
  ]);
  const repository = captureProvenance(call.cwd).current.repository;
  const startCommit = headCommit(call.cwd);
  if (!repository || !startCommit)
    return fail('the work tree has no repository identity or no commit to start from');
  const outcome = await remote.dispatchRemote({
    url: options.url,
    ...(options.token ? { token: options.token } : {}),
    timeoutMs,
    pollMs: options.pollMs ?? 250,
    text: call.dispatch,
    meta: {
      task: call.task,
      stage: call.stage,
      window: call.window,
      attempt: call.attempt,
      repository,
      start_commit: startCommit,
      timeout_ms: timeoutMs,
      ...(call.runId ? { run_id: call.runId } : {}),
    },
  });
  if (!outcome.ok) return { ...fail(outcome.error), unavailable: outcome.unavailable, builtBy: options.url };
  const { refusedPatch, refusedRunFiles } = await import('./_remote-patch.js');
  const badFiles = refusedRunFiles(Object.keys(outcome.files), call.task);
  if (badFiles) return fail(badFiles);
  const { applyPatch, patchNames, patchPaths } = await import('../provenance/worktree.js');
  // By name first (what git reads, whether the files exist here or not), then by what applying it
  // at the start commit writes (modes, link targets).
  const scope = call.filesInScope ?? [];
  const names = patchNames(call.cwd, outcome.patch);
  if (!names.ok) return fail(`the remote patch is not a patch git reads: ${names.error}`);
  const byName = refusedPatch(
    names.names.map((path) => ({ path, mode: '' })),
    scope,
  );
  if (byName) return fail(byName);
  const paths = patchPaths(call.cwd, startCommit, outcome.patch);
  if (!paths.ok) return fail(`the remote patch does not apply: ${paths.error}`);
  const written = refusedPatch(paths.paths, scope);
  if (written) return fail(written);
  const applied = applyPatch(call.cwd, outcome.patch);
  if (!applied.ok) return fail(`the remote patch does not apply: ${applied.error}`);
  for (const [name, content] of Object.entries(outcome.files)) {
    const path = join(call.runDir, name);
    // Never through a link: the run folder's files are the only ones written.
    if (existsSync(path) && lstatSync(path).isSymbolicLink())
      return fail(`${path} is a symbolic link; not written`);
    writeFileSync(path, content);
  }
  const reply: AgentReply = {
    text: outcome.reply,
    ok: outcome.completed,
    durationMs: Date.now() - started,
    builtBy: options.url,
    remoteTask: outcome.taskId,
  };
  if (!outcome.completed) reply.error = `the remote agent failed: ${outcome.reason}`;
  return reply;
}
