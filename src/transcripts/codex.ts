/**
 * Reads a Codex rollout JSONL (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`): `session_meta`,
 * `turn_context`, `response_item` (messages, function calls and their outputs), `event_msg` and
 * `compacted` records. Read defensively: unknown types are counted and passed over, and no tool
 * output is kept beyond its exit status.
 */

import { checkResult } from './_checks.js';
import { field, type JsonRecord, readJsonLines, str } from './_lines.js';
import { isPlanFile, noteErrorPlaces, noteImports, notePaths, outputSource, shellRead } from './_mentions.js';
import { isSearch, noteSearch } from './_queue.js';
import { isSummaryText, requestText } from './_requests.js';
import {
  emptySession,
  noteAgentWords,
  noteCommitRun,
  noteRequest,
  noteTasks,
  shellChanges,
  touch,
} from './_session.js';
import { isCheck, patchFileChanges } from './_shell.js';
import { currentTasks } from './_tasks.js';
import type { CommandRun, SessionRecord, TaskItem } from './types.js';

const KNOWN = new Set([
  'session_meta',
  'turn_context',
  'response_item',
  'event_msg',
  'compacted',
  'world_state',
  'token_usage_record',
  'message',
  'function_call',
  'function_call_output',
]);
const SHELL_TOOLS = new Set(['exec_command', 'shell', 'container.exec', 'local_shell', 'shell_command']);

interface Call {
  name: string;
  command?: string;
  patch?: string;
  /** `write_stdin`: the exec session it writes to, or polls. */
  session?: string;
}

/** A command still running in an exec session, its output so far. */
interface Running {
  run: CommandRun;
  text: string;
}

interface State {
  s: SessionRecord;
  calls: Map<string, Call>;
  /** Commands still running, by their exec session id: a later `write_stdin` reads how they ended. */
  running: Map<string, Running>;
  /** `event_msg` user messages, used only when a rollout has no user `response_item`s. */
  eventRequests: string[];
}

/** Reads a Codex rollout. */
export async function readCodex(path: string): Promise<SessionRecord> {
  const state: State = { s: emptySession('codex'), calls: new Map(), running: new Map(), eventRequests: [] };
  for await (const r of readJsonLines(path)) {
    state.s.stats.lines++;
    if (!r) state.s.stats.malformed++;
    else onRecord(r, state);
  }
  if (state.s.requests.length === 0) state.s.requests.push(...state.eventRequests);
  return state.s;
}

function onRecord(r: JsonRecord, state: State): void {
  const { s } = state;
  const type = str(r.type);
  // Old rollouts wrote response items bare, without the `payload` envelope.
  const payload = r.payload ?? r;
  if (!type || !KNOWN.has(type)) {
    s.stats.unknown++;
    return;
  }
  if (type === 'session_meta') {
    s.sessionId ??= str(field(payload, 'id')) ?? str(field(payload, 'session_id'));
    s.cwd ??= str(field(payload, 'cwd'));
  } else if (type === 'turn_context') s.cwd ??= str(field(payload, 'cwd'));
  else if (type === 'compacted') {
    s.compactions++;
    const message = str(field(payload, 'message'));
    if (message) s.compactSummaries.push(message);
  } else if (type === 'event_msg') onEvent(payload, state);
  else onItem(type === 'response_item' ? payload : r, state);
}

function onEvent(payload: unknown, state: State): void {
  const type = field(payload, 'type');
  if (type === 'user_message') {
    const request = requestText(str(field(payload, 'message')) ?? '');
    if (request) state.eventRequests.push(request);
    if (request) notePaths(state.s, request, 'person');
  } else if (type === 'item_completed') {
    onCompletedItem(field(payload, 'item'), state);
  } else if (type === 'agent_message') {
    const text = str(field(payload, 'message'))?.trim();
    if (text) noteAgentWords(state.s, text);
  }
}

/** A finished file change (`apply_patch`, however it was called) names its files and what it did. */
function onCompletedItem(item: unknown, state: State): void {
  if (field(item, 'type') !== 'FileChange' || field(item, 'status') !== 'completed') return;
  const changes = field(item, 'changes');
  if (!changes || typeof changes !== 'object') return;
  for (const [path, change] of Object.entries(changes as Record<string, unknown>)) {
    const kind = field(change, 'type');
    touch(state.s, path, kind === 'add' ? 'written' : kind === 'delete' ? 'deleted' : 'edited');
    const moved = str(field(change, 'move_path'));
    if (moved) touch(state.s, moved, 'written');
  }
}

function onItem(item: unknown, state: State): void {
  const type = field(item, 'type');
  if (type === 'message') onMessage(item, state);
  else if (type === 'function_call' || type === 'custom_tool_call' || type === 'local_shell_call') {
    state.s.unanswered = false;
    onCall(item, state);
  } else if (type === 'function_call_output' || type === 'custom_tool_call_output') onOutput(item, state);
}

function onMessage(item: unknown, state: State): void {
  const role = field(item, 'role');
  const content = field(item, 'content');
  if (!Array.isArray(content)) return;
  const texts = content.map((c) => str(field(c, 'text')) ?? '').filter((t) => t !== '');
  if (role === 'assistant') {
    const text = texts.join('\n').trim();
    if (text) noteAgentWords(state.s, text);
    notePaths(state.s, text, 'agent');
  } else if (role === 'user') {
    for (const text of texts) {
      if (isSummaryText(text)) continue;
      const request = requestText(text);
      if (request) noteRequest(state.s, request);
    }
  }
}

function onCall(item: unknown, state: State): void {
  const id = str(field(item, 'call_id')) ?? str(field(item, 'id'));
  const name = str(field(item, 'name')) ?? str(field(item, 'type')) ?? '';
  if (!id || state.calls.has(id)) return;
  const args = parseArgs(field(item, 'arguments') ?? field(item, 'input') ?? field(item, 'action'));
  const call: Call = { name };
  state.s.steps++;
  if (name === 'apply_patch')
    call.patch = str(args) ?? str(field(args, 'input')) ?? str(field(args, 'patch'));
  else if (SHELL_TOOLS.has(name) || name === 'local_shell_call') {
    const cmd = field(args, 'cmd') ?? field(args, 'command');
    call.command = Array.isArray(cmd) ? shellString(cmd) : str(cmd);
    if (call.command && /\bapply_patch\b/.test(call.command)) call.patch = call.command;
    const read = call.command ? shellRead(call.command) : undefined;
    if (read) state.s.reads.set(read, state.s.steps);
    if (!call.patch) notePaths(state.s, call.command, read ? 'read' : 'command');
  } else if (name === 'write_stdin') {
    const session = field(args, 'session_id');
    if (typeof session === 'number' || typeof session === 'string') call.session = String(session);
  } else if (name === 'update_plan') {
    const plan = field(args, 'plan');
    if (Array.isArray(plan)) noteTasks(state.s, currentTasks(plan.flatMap(planItem)));
    notePaths(state.s, JSON.stringify(plan ?? ''), 'task');
  }
  if (call.patch) {
    const plan = patchFileChanges(call.patch).some((c) => isPlanFile(c.path));
    notePaths(state.s, call.patch, plan ? 'plan' : 'written');
    // Each file's part of the patch, for the modules its code imports.
    for (const part of call.patch.split(/^\*\*\* (?:Add|Update) File: /m).slice(1))
      noteImports(state.s, part, 'written', part.slice(0, part.indexOf('\n')).trim());
  }
  state.calls.set(id, call);
}

function onOutput(item: unknown, state: State): void {
  const id = str(field(item, 'call_id'));
  const call = id ? state.calls.get(id) : undefined;
  if (!call || !id) return;
  state.calls.delete(id);
  const exitCode = exitCodeOf(field(item, 'output'), call.patch !== undefined);
  const text = outputText(field(item, 'output'));
  if (call.session !== undefined) {
    polled(state, call.session, exitCode, text);
    return;
  }
  const read = call.command ? shellRead(call.command) : undefined;
  const source = outputSource(call.command, read);
  const found = source ? notePaths(state.s, text, source) : undefined;
  if (source && read) noteImports(state.s, text, source, read);
  if (call.command && exitCode === 0 && isSearch(call.command)) noteSearch(state.s, text, found);
  if (call.command) {
    const run: CommandRun = {
      command: call.command,
      ok: undefined,
      seq: state.s.commands.length,
      step: state.s.steps,
    };
    state.s.commands.push(run);
    if (exitCode !== undefined) ended(state, run, exitCode, text, !source);
    else {
      const session = RUNNING.exec(text)?.[1];
      if (session !== undefined) state.running.set(session, { run, text });
    }
    if (run.ok !== false) {
      const { written, deleted } = shellChanges(call.command, state.s.cwd);
      for (const p of written) touch(state.s, p, 'written');
      for (const p of deleted) touch(state.s, p, 'deleted');
    }
  }
  if (call.patch && exitCode !== undefined && exitCode !== 0) {
    // A patch that did not apply: its files are what the agent edits next.
    const paths = patchFileChanges(call.patch).map((c) => c.path);
    notePaths(state.s, paths.join('\n'), 'agent');
    return;
  }
  if (call.patch) {
    for (const change of patchFileChanges(call.patch)) {
      touch(
        state.s,
        change.path,
        change.kind === 'created' ? 'written' : change.kind === 'deleted' ? 'deleted' : 'edited',
      );
    }
  }
}

// How Codex's unified exec answers for a command that goes on in the background.
const RUNNING = /^Process running with session ID (\d+)/m;

/**
 * The output of a `write_stdin` to an exec session: more of a running command's output and, once
 * it has ended, its exit status, which is then the command's own (a check read on all its output).
 */
function polled(state: State, session: string, exitCode: number | undefined, text: string): void {
  const running = state.running.get(session);
  if (!running) return;
  running.text += `\n${text}`;
  if (exitCode === undefined) return;
  state.running.delete(session);
  ended(state, running.run, exitCode, running.text);
}

/**
 * How a command ended, once its exit status is known: the check as read on its output, the places
 * its errors name (unless the output is a file's text, `errorPlaces` false), and its commit.
 */
function ended(state: State, run: CommandRun, exitCode: number, text: string, errorPlaces = true): void {
  run.ok = exitCode === 0;
  run.exitCode = exitCode;
  if (isCheck(run.command)) run.check = checkResult(run.command, exitCode, exitCode !== 0, text);
  if (errorPlaces && (run.ok === false || run.check?.passed === false)) noteErrorPlaces(state.s, text);
  noteCommitRun(state.s, run, text);
}

/**
 * The exit status in a tool output: "Process exited with code N", `{metadata: {exit_code}}`,
 * "Exit code: N", or the sandbox's own report of a command that exited with N ("failed in sandbox
 * … exit code: N, stdout: …"). A patch the tool refused ("error: Failed to find expected lines…")
 * did not apply: it is taken as a failed run, never as an edit.
 */
function exitCodeOf(output: unknown, patch: boolean): number | undefined {
  const text = str(output) ?? str(field(output, 'content')) ?? '';
  const m =
    /Process exited with code (\d+)|"exit_code"\s*:\s*(\d+)|^Exit code:\s*(\d+)|^failed in sandbox\b[^\n]*?\bexit code:\s*(\d+)/m.exec(
      text,
    );
  if (m) return Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
  if (/^(?:Success|Done)\b/.test(text.trim())) return 0;
  if (patch && PATCH_REFUSED.test(text.trim())) return 1;
  const parsed = parseArgs(text);
  const code = field(field(parsed, 'metadata'), 'exit_code');
  return typeof code === 'number' ? code : undefined;
}

// How apply_patch says that it changed nothing: an error, an invalid patch, a failed verification.
const PATCH_REFUSED = /^(?:error\b|invalid (?:patch|hunk)\b|apply_patch verification failed\b|failed to )/i;

/** What a call printed: the `output` of a JSON envelope, or the text itself. */
function outputText(output: unknown): string {
  const text = str(output) ?? str(field(output, 'content')) ?? '';
  const parsed = parseArgs(text);
  return str(field(parsed, 'output')) ?? text;
}

function parseArgs(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  if (!t.startsWith('{')) return value;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return value;
  }
}

/** `["bash", "-lc", "npm test"]` → `npm test`; other argument lists joined with spaces. */
function shellString(argv: unknown[]): string | undefined {
  const words = argv.filter((a): a is string => typeof a === 'string');
  const at = words.findIndex((w) => w === '-lc' || w === '-c');
  if (at >= 0 && words[at + 1] !== undefined) return words[at + 1];
  return words.length ? words.join(' ') : undefined;
}

function planItem(p: unknown): TaskItem[] {
  const text = str(field(p, 'step'))?.replace(/\s+/g, ' ').trim();
  const status = field(p, 'status');
  if (!text) return [];
  return [
    {
      text,
      status: status === 'completed' ? 'completed' : status === 'in_progress' ? 'in_progress' : 'pending',
    },
  ];
}
