/**
 * Reads a Claude Code session JSONL (`~/.claude/projects/<cwd-slug>/<session>.jsonl`, and its
 * `<session>/subagents/agent-*.jsonl`). The format is not a public API: every field is read
 * defensively, records of unknown types are counted and passed over, and no tool output is kept.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readAttachment } from './_attachments.js';
import { checkResult } from './_checks.js';
import { field, type JsonRecord, readJsonLines, str } from './_lines.js';
import {
  isPlanFile,
  noteErrorPlaces,
  noteImports,
  notePath,
  notePaths,
  outputSource,
  shellRead,
} from './_mentions.js';
import { isAbsolutePath, relativePath, resolvedUnder } from './_paths.js';
import { isSearch, namesAPattern, noteSearch } from './_queue.js';
import { commandAim, commandOf, isSummaryText, requestText } from './_requests.js';
import {
  emptySession,
  noteAgentWords,
  noteCommitRun,
  noteRequest,
  noteTasks,
  shellChanges,
  touch,
} from './_session.js';
import { isCheck } from './_shell.js';
import { currentTasks } from './_tasks.js';
import type { CommandRun, SessionRecord, TaskItem } from './types.js';

const KNOWN = new Set([
  'user',
  'assistant',
  'system',
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'attachment',
  'last-prompt',
  'cost-state',
  'api-request',
  'api-request-blob',
  'api-request-shape',
  'tools-used',
  'atis-latch',
  'mode',
  'custom-title',
  'tag',
  'agent-name',
]);
// The shell tools: `Bash`, and `PowerShell` where Claude Code runs on Windows.
const SHELL_TOOLS = new Set(['Bash', 'PowerShell']);
// A result that says the call never ran: refused before it started (`<tool_use_error>`: a sibling
// call of the same turn failed, the input was invalid) or turned down by the person.
const NOT_RUN = /^\s*(?:<tool_use_error>|The user doesn't want to (?:proceed|take this action))/;

// Claude Code's note on a tool call the person refused with words of their own, and its own words
// when the refused call was a question to them (those are not the person's).
const REFUSAL =
  /^\s*The user doesn't want to (?:proceed|take this action)[\s\S]*?the user said:\s*\n([\s\S]+)$/;
const HOST_CLARIFY = /^The user wants to clarify these questions\./;

/** What the person said when refusing a tool call, when they said anything. */
function refusalWords(text: string): string | undefined {
  const words = REFUSAL.exec(text)?.[1]?.trim();
  return words && !HOST_CLARIFY.test(words) ? words : undefined;
}

const FILE_TOOLS: Record<string, string> = {
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
};

interface ToolUse {
  name: string;
  input: unknown;
  resolved: boolean;
  /** The session's step count when the call was made. */
  step: number;
  /** The folder the host was in when the call was made (the record's `cwd`). */
  cwd?: string;
}

/** What one reading pass keeps between records. */
interface State {
  s: SessionRecord;
  subagent: boolean;
  uuids: Set<string>;
  tools: Map<string, ToolUse>;
  background: Map<string, CommandRun>;
  /** The task tools' tasks by number (`TaskCreate` order); a deleted one leaves its slot empty. */
  createdTasks: (TaskItem | undefined)[];
  /** True when the log is itself a subagent's (its first message is a sidechain one), read on its own. */
  sidechainLog?: boolean;
  /** Set once the first record that follows another was seen (`partial` is decided there). */
  parented?: boolean;
  /** Subagents the main log started. */
  spawned: number;
  /** Messages the person typed while the agent worked, still in Claude Code's queue. */
  queued: string[];
  /** Queued messages counted as requests when they left the queue, not yet seen again. */
  delivered: string[];
  /** The command the person ran last (by index in `requests`) while its prompt is not yet read. */
  command?: number;
  /** The checkpoint version of each file the host backed up, as last seen. */
  versions: Map<string, number>;
  /** The files the checkpoints show changed, by full path: how first, and when last. */
  checkpoints: Map<string, { how: 'written' | 'edited'; step: number }>;
}

/** Reads a Claude Code session, then the subagent sessions stored beside it. */
export async function readClaudeCode(path: string): Promise<SessionRecord> {
  const state: State = {
    s: emptySession('claude-code'),
    subagent: false,
    uuids: new Set(),
    tools: new Map(),
    background: new Map(),
    createdTasks: [],
    spawned: 0,
    queued: [],
    delivered: [],
    versions: new Map(),
    checkpoints: new Map(),
  };
  await readFile(path, state);
  state.s.mainSteps = state.s.steps;
  // Still queued at the cut: the person's newest words, which the agent had not yet read.
  for (const text of state.queued.splice(0)) addRequest(text, state, true);
  const agents = subagentFiles(path);
  for (const agent of agents) {
    await readFile(agent, { ...state, subagent: true, tools: new Map(), queued: [], delivered: [] });
  }
  state.s.subagents = { started: state.spawned, read: agents.length };
  // A call's path and a checkpoint's may spell one file two ways (`a/b.md`, `C:\root\a\b.md`).
  const cwd = state.s.cwd;
  const changed = new Set([...state.s.files.keys()].map((p) => relativePath(p, cwd)));
  for (const [file, c] of state.checkpoints) {
    if (changed.has(relativePath(file, cwd))) continue;
    touch(state.s, file, c.how, c.step);
    // Said so where listed: no call of the log shows the change.
    if (state.s.files.has(file)) {
      state.s.unconfirmed ??= new Set();
      state.s.unconfirmed.add(file);
    }
  }
  return state.s;
}

/** `<session>/subagents/agent-*.jsonl` beside `<session>.jsonl`, sorted. */
export function subagentFiles(path: string): string[] {
  const dir = join(dirname(path), basename(path, '.jsonl'), 'subagents');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.startsWith('agent-') && n.endsWith('.jsonl'))
    .sort()
    .map((n) => join(dir, n));
}

async function readFile(path: string, state: State): Promise<void> {
  const { s } = state;
  for await (const r of readJsonLines(path)) {
    s.stats.lines++;
    if (!r) {
      s.stats.malformed++;
      continue;
    }
    onRecord(r, state);
  }
  // A file tool or a command whose result never arrived (the log ends mid-call, or the host
  // compacted before writing it) may still have written.
  for (const use of state.tools.values()) {
    if (use.resolved) continue;
    const command = SHELL_TOOLS.has(use.name) ? str(field(use.input, 'command')) : undefined;
    if (command) applyShell(command, state, use.step);
    else applyFileTool(use, undefined, state);
  }
}

function onRecord(r: JsonRecord, state: State): void {
  const { s } = state;
  const type = str(r.type);
  if (!type || !KNOWN.has(type)) {
    s.stats.unknown++;
    return;
  }
  const uuid = str(r.uuid);
  if (uuid) {
    if (state.uuids.has(uuid)) return;
    state.uuids.add(uuid);
  }
  if (!state.subagent) {
    s.sessionId ??= str(r.sessionId);
    s.cwd ??= str(r.cwd);
  }
  if ((type === 'user' || type === 'assistant') && state.sidechainLog === undefined)
    state.sidechainLog = r.isSidechain === true;
  // The first record of a whole log that follows another (a message, the host's note on a turn or
  // a hook) follows one of its own; one that follows a record this file does not hold means the
  // log begins partway through the conversation.
  const parent = str(r.parentUuid);
  if (!state.subagent && !state.parented && parent !== undefined) {
    state.parented = true;
    if (!state.uuids.has(parent)) s.partial = true;
  }
  if (type === 'system' && r.subtype === 'compact_boundary') {
    s.compactions++;
    // A compaction before any message of this file summarises a conversation the file does not
    // hold (a session resumed from another file starts with the boundary).
    if (!state.subagent && state.sidechainLog === undefined) s.partial = true;
  } else if (type === 'user') onUser(r, state);
  else if (type === 'assistant') onAssistant(r, state);
  else if (type === 'attachment') onAttachment(r, state);
  else if (type === 'queue-operation') onQueue(r, state);
  else if (type === 'file-history-snapshot' && !state.subagent) onSnapshot(r, state);
}

/**
 * Claude Code's checkpoints: before its file tools change a file, it backs the file up, and an
 * update of the snapshot lists the file with its new version (no backup when the file did not
 * exist). A version first seen there is a change, kept aside: it counts only for a file no call
 * of the log (the main one or a subagent's) changed, whose call record the log lost (cut off by
 * a compaction). Paths are written relative to the session's folder.
 */
function onSnapshot(r: JsonRecord, state: State): void {
  if (r.isSnapshotUpdate !== true) return;
  const backups = field(field(r, 'snapshot'), 'trackedFileBackups');
  if (!backups || typeof backups !== 'object') return;
  for (const [path, backup] of Object.entries(backups as Record<string, unknown>)) {
    const version = field(backup, 'version');
    if (typeof version !== 'number' || path === '') continue;
    const seen = state.versions.get(path);
    if (seen !== undefined && seen >= version) continue;
    state.versions.set(path, version);
    const cwd = state.s.cwd;
    const full = !cwd || isAbsolutePath(path) ? path : resolvedUnder(cwd, path);
    const how =
      state.checkpoints.get(full)?.how ?? (field(backup, 'backupFileName') === null ? 'written' : 'edited');
    state.checkpoints.set(full, { how, step: state.s.steps });
  }
}

/**
 * Claude Code's queue of what the person typed while the agent was busy (2.1): `enqueue` holds
 * the words; `dequeue` sends them as the next turn (a user record follows, unless the log ends
 * first); `remove` hands them
 * to the turn under way, where older versions keep them nowhere else in the log; `popAll` takes
 * them all back to the prompt. A background task's or agent's notification goes through the same
 * queue and is no request.
 */
const NOTIFICATION = /^<[a-z][a-z-]*-notification>/;

/**
 * The host's notice of a background task in the queue as a JSON object that names the task or its
 * tool call (`{"task_id":"b83…","tool_use_id":"toolu_…","task_type":"local_bash",…}`, 2.1.4x):
 * a record, not the person's words.
 */
function isTaskRecord(content: string): boolean {
  if (!content.startsWith('{') || !content.endsWith('}')) return false;
  try {
    const value: unknown = JSON.parse(content);
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      ('task_id' in value || 'tool_use_id' in value)
    );
  } catch {
    return false;
  }
}

function onQueue(r: JsonRecord, state: State): void {
  if (state.subagent) return;
  const operation = str(r.operation);
  if (operation === 'enqueue') {
    const content = str(r.content)?.trim() ?? '';
    if (NOTIFICATION.test(content)) onNotification(content, state);
    state.queued.push(NOTIFICATION.test(content) || isTaskRecord(content) ? '' : content);
  } else if (operation === 'dequeue') {
    // Sent as the next turn: counted here, and its user record once it comes (a compaction can
    // fall between the two, and the log then holds the words only in the queue).
    const text = state.queued.shift();
    if (text) {
      addRequest(text, state);
      state.delivered.push(text);
    }
  }
  // The person took everything queued back to edit it: what they send comes as a user record.
  else if (operation === 'popAll') state.queued.length = 0;
  else if (operation === 'remove') {
    // What is handed to the turn under way is the person's words; a notification ahead of them
    // in the queue waits for its own turn.
    const at = state.queued.findIndex((t) => t !== '');
    const text = at >= 0 ? state.queued.splice(at, 1)[0] : state.queued.shift();
    if (text) {
      addRequest(text, state, true);
      state.delivered.push(text);
    }
  }
}

// A request of the person's, unless it is the queued one already counted when it left the queue;
// `during`: handed to the turn under way.
function addRequest(text: string, state: State, during = false): void {
  const { s } = state;
  const seen = state.delivered.indexOf(text.trim());
  if (seen >= 0) {
    state.delivered.splice(seen, 1);
    return;
  }
  const request = requestText(text);
  if (request === undefined) return;
  noteRequest(s, request, during);
  state.command = commandOf(request) ? s.requests.length - 1 : undefined;
}

function onAttachment(r: JsonRecord, state: State): void {
  if (state.subagent || (r.isSidechain === true && !state.sidechainLog)) return;
  const note = readAttachment(r.attachment);
  if (!note) return;
  const { s } = state;
  if (note.notification) onNotification(note.notification, state);
  if (note.queued !== undefined) addRequest(note.queued, state, true);
  for (const [path, source] of note.paths) notePath(s, path, source);
  if (note.plan) notePaths(s, note.plan, 'plan');
}

function onUser(r: JsonRecord, state: State): void {
  const { s } = state;
  const content = field(r.message, 'content');
  const texts: string[] = [];
  if (typeof content === 'string') texts.push(content);
  else if (Array.isArray(content)) {
    for (const block of content) {
      if (field(block, 'type') === 'text') texts.push(str(field(block, 'text')) ?? '');
      else if (field(block, 'type') === 'tool_result') onToolResult(block, r.toolUseResult, state);
    }
  }
  if (r.isCompactSummary === true || texts.some(isSummaryText)) {
    s.compactSummaries.push(texts.join('\n'));
    return;
  }
  for (const text of texts) onNotification(text, state);
  if (r.isMeta === true && !state.subagent) {
    for (const text of texts) noteExpansion(text, state);
  }
  if (r.isMeta === true || state.subagent || (r.isSidechain === true && !state.sidechainLog)) return;
  for (const text of texts) addRequest(text, state);
}

// The first line of a skill's document as the host puts it in the log, with the skill's folder.
const SKILL_BASE = /^\s*Base directory for this skill:\s*(\S[^\n]*?)\s*$/m;

/**
 * Notes the paths of a text the host put in the log in the person's place. What a custom command
 * expands to is the spec of the work it asked for (`/gsd:execute-plan` names the plan and state
 * files it will write); even a help command's examples (`/gsd:help`: `01-01-PLAN.md`) are the
 * names the workflow's files get. A skill's document names the skill's own files, relative to the
 * skill's folder.
 */
function noteExpansion(text: string, state: State): void {
  if (requestText(text) === undefined) return;
  // The first prompt after a command is what it expanded to (at once, or when the agent ran it).
  if (state.command !== undefined) {
    const aim = commandAim(text);
    if (aim) {
      state.s.commandAims ??= new Map();
      state.s.commandAims.set(state.command, aim);
    }
    state.command = undefined;
  }
  const base = SKILL_BASE.exec(text)?.[1];
  if (base) notePaths(state.s, text, 'output', base);
  else notePaths(state.s, text, 'plan');
}

function onAssistant(r: JsonRecord, state: State): void {
  const content = field(r.message, 'content');
  if (!Array.isArray(content)) return;
  // The host's own error notes ("Prompt is too long", "API Error: …") are not the agent's words.
  if (r.isApiErrorMessage === true || field(r.message, 'model') === '<synthetic>') return;
  // Anything the agent itself says or does answers the person's words before it (not an empty
  // text block, nor its thinking).
  const acts = content.some(
    (b) =>
      field(b, 'type') === 'tool_use' ||
      (field(b, 'type') === 'text' && (str(field(b, 'text'))?.trim() ?? '') !== ''),
  );
  if (!state.subagent && acts) state.s.unanswered = false;
  for (const block of content) {
    const type = field(block, 'type');
    if (type === 'tool_use') {
      const id = str(field(block, 'id'));
      const name = str(field(block, 'name'));
      if (!id || !name || state.tools.has(id)) continue;
      state.s.steps++;
      const use: ToolUse = { name, input: field(block, 'input'), resolved: false, step: state.s.steps };
      const cwd = str(r.cwd);
      if (cwd) use.cwd = cwd;
      state.tools.set(id, use);
      if (!state.subagent && (name === 'Task' || name === 'Agent')) state.spawned++;
      onToolUse(use, state);
    } else if (type === 'text' && !state.subagent && (r.isSidechain !== true || state.sidechainLog)) {
      const text = str(field(block, 'text'))?.trim();
      if (text) {
        noteAgentWords(state.s, text);
        notePaths(state.s, text, 'agent');
      }
    }
  }
}

/** Task lists are known when they are asked for; commands and files when their result arrives. */
function onToolUse(use: ToolUse, state: State): void {
  const input = use.input;
  noteInput(use, state.s);
  if (use.name === 'TodoWrite') {
    const todos = field(input, 'todos');
    if (Array.isArray(todos))
      noteTasks(state.s, currentTasks(todos.flatMap((t) => taskOf(field(t, 'content'), field(t, 'status')))));
  } else if (use.name === 'TaskCreate') {
    const text = field(input, 'subject') ?? field(input, 'description') ?? field(input, 'content');
    const detail = str(field(input, 'description'));
    // Numbered in order of creation, the deleted ones too: a slot per task.
    const [task] = taskOf(text, 'pending');
    state.createdTasks.push(task ? (detail ? { ...task, detail } : task) : undefined);
    noteTasks(state.s, createdList(state));
  } else if (use.name === 'TaskUpdate') {
    updateTask(input, state);
    noteTasks(state.s, createdList(state));
  }
}

// The task tools' list as it stands now.
function createdList(state: State): TaskItem[] {
  return currentTasks(state.createdTasks.filter((t) => t !== undefined));
}

/** The paths a tool call names: the file it reads, what it writes, its command or task text. */
function noteInput(use: ToolUse, s: SessionRecord): void {
  const input = use.input;
  const path = str(field(input, 'file_path')) ?? str(field(input, 'notebook_path'));
  if (use.name === 'Read' && path) {
    s.reads.set(path, s.steps);
    notePath(s, path, 'read');
  } else if (path) {
    const text = str(field(input, 'content')) ?? str(field(input, 'new_string'));
    notePaths(s, text, isPlanFile(path) ? 'plan' : 'written');
    noteImports(s, text, 'written', path);
  } else if (SHELL_TOOLS.has(use.name)) {
    const command = str(field(input, 'command')) ?? '';
    const read = shellRead(command);
    if (read) s.reads.set(read, s.steps);
    notePaths(s, command, read ? 'read' : 'command');
  } else if (use.name === 'TodoWrite' || use.name.startsWith('Task')) {
    notePaths(s, JSON.stringify(input ?? ''), 'task');
  } else if (use.name === 'ExitPlanMode') {
    // The plan the agent asks the person to approve: the map of the work ahead.
    notePaths(s, str(field(input, 'plan')) ?? JSON.stringify(input ?? ''), 'plan');
  } else notePaths(s, JSON.stringify(input ?? ''), 'command');
}

// A task's new status, title or description (`TaskUpdate`); a deleted task leaves the list.
function updateTask(input: unknown, state: State): void {
  const id = Number(str(field(input, 'taskId')) ?? field(input, 'taskId'));
  const task = Number.isInteger(id) ? state.createdTasks[id - 1] : undefined;
  if (!task) return;
  if (field(input, 'status') === 'deleted') {
    state.createdTasks[id - 1] = undefined;
    return;
  }
  const status = normaliseStatus(field(input, 'status'));
  if (status) task.status = status;
  const [renamed] = taskOf(field(input, 'subject'), task.status);
  if (renamed) task.text = renamed.text;
  const detail = str(field(input, 'description'));
  if (detail) task.detail = detail;
}

function taskOf(text: unknown, status: unknown): TaskItem[] {
  const t = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  const st = normaliseStatus(status) ?? 'pending';
  return t ? [{ text: t, status: st }] : [];
}

function normaliseStatus(status: unknown): TaskItem['status'] | undefined {
  if (status === 'completed' || status === 'done') return 'completed';
  if (status === 'in_progress' || status === 'in-progress') return 'in_progress';
  if (status === 'pending') return 'pending';
  return undefined;
}

function onToolResult(block: unknown, toolUseResult: unknown, state: State): void {
  const id = str(field(block, 'tool_use_id'));
  const use = id ? state.tools.get(id) : undefined;
  if (!use || use.resolved) return;
  use.resolved = true;
  const failed = field(block, 'is_error') === true;
  const text = resultText(field(block, 'content'));
  // The person's words given with a refusal ("no, I did not say commit anything") are a message
  // of theirs, typed while the agent worked.
  const said = failed && !state.subagent ? refusalWords(text) : undefined;
  if (said) addRequest(said, state, true);
  const command = str(field(use.input, 'command'));
  const read = use.name === 'Read' ? str(field(use.input, 'file_path')) : command && shellRead(command);
  // A file tool's result only says it wrote; any other tool's output (a search, a read) names paths.
  const shell = SHELL_TOOLS.has(use.name);
  // A command that never ran printed nothing, has no result to read and changed nothing.
  if (shell && failed && NOT_RUN.test(text)) return;
  const source = FILE_TOOLS[use.name]
    ? undefined
    : outputSource(shell ? (command ?? '') : undefined, read || undefined);
  const found = source ? notePaths(state.s, text, source) : undefined;
  // The host's own search (Grep), or its listing by a name pattern (Glob `src/**/*.tsx`, not `**/*`).
  const searched =
    use.name === 'Grep' || (use.name === 'Glob' && namesAPattern(str(field(use.input, 'pattern'))));
  if (!failed && (searched || (shell && command !== undefined && isSearch(command))))
    noteSearch(state.s, text, found);
  // The code of a file read names the modules it imports.
  if (source && read) noteImports(state.s, text, source, read);
  if (shell) {
    const run = onBashResult(use, failed, text, toolUseResult, state);
    if (!source && run && (run.ok === false || run.check?.passed === false)) noteErrorPlaces(state.s, text);
  } else if (!failed) applyFileTool(use, toolUseResult, state);
  else if (FILE_TOOLS[use.name]) noteRefused(use, state);
}

// A change the tool refused (the file was not read first, the text to replace was not found, the
// person said no): the agent's next edit is most often that file again.
function noteRefused(use: ToolUse, state: State): void {
  const key = FILE_TOOLS[use.name];
  const path = key ? str(field(use.input, key)) : undefined;
  if (path) notePath(state.s, path, 'agent');
}

function onBashResult(
  use: ToolUse,
  failed: boolean,
  text: string,
  result: unknown,
  state: State,
): CommandRun | undefined {
  const command = str(field(use.input, 'command'));
  if (!command) return undefined;
  const run: CommandRun = { command, ok: undefined, seq: state.s.commands.length, step: state.s.steps };
  if (use.cwd) run.cwd = use.cwd;
  const background = str(field(result, 'backgroundTaskId'));
  if (background || field(use.input, 'run_in_background') === true) {
    if (background) state.background.set(background, run);
  } else {
    const code = /^(?:Error: )?Exit code (\d+)/.exec(text);
    // A non-zero status Claude Code explains instead of flagging ("No matches found") is still a failure.
    const explained = str(field(result, 'returnCodeInterpretation'));
    run.ok = !failed && !explained && field(result, 'interrupted') !== true;
    if (code) run.exitCode = Number(code[1]);
    else if (run.ok) run.exitCode = 0;
    if (isCheck(command)) {
      run.check = checkResult(command, run.exitCode, !run.ok, text);
    }
  }
  state.s.commands.push(run);
  if (run.ok !== false) applyShell(command, state);
  noteCommitRun(state.s, run, text);
  return run;
}

function applyShell(command: string, state: State, step?: number): void {
  const { written, deleted } = shellChanges(command, state.s.cwd);
  for (const p of written) touch(state.s, p, 'written', step);
  for (const p of deleted) touch(state.s, p, 'deleted', step);
}

function applyFileTool(use: ToolUse, result: unknown, state: State): void {
  const key = FILE_TOOLS[use.name];
  const path = key ? str(field(use.input, key)) : undefined;
  if (!path) return;
  const type = str(field(result, 'type'));
  // At the call's own step: a result that arrives late (or never) changes nothing of the order.
  touch(state.s, path, use.name === 'Write' && type !== 'update' ? 'written' : 'edited', use.step);
}

function onNotification(text: string, state: State): void {
  if (!text.trimStart().startsWith('<task-notification>')) return;
  // A background agent's report names what it found, and so what the agent turns to next.
  notePaths(state.s, /<result>([\s\S]*?)(?:<\/result>|$)/.exec(text)?.[1], 'output');
  const id = /<task-id>([^<]+)<\/task-id>/.exec(text)?.[1];
  const run = id ? state.background.get(id) : undefined;
  if (!run) return;
  const code = /\(exit code (\d+)\)/.exec(text);
  const status = /<status>([^<]+)<\/status>/.exec(text)?.[1];
  if (code) {
    run.exitCode = Number(code[1]);
    run.ok = run.exitCode === 0;
  } else if (status === 'failed' || status === 'killed') run.ok = false;
  if (run.ok !== undefined && isCheck(run.command)) {
    run.check = checkResult(run.command, run.exitCode, !run.ok, '');
  }
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const first = content.find((b) => field(b, 'type') === 'text');
    return str(field(first, 'text')) ?? '';
  }
  return '';
}
