/**
 * The handoff evaluation's own reading of a session log (not baton's: the judge must not share
 * the compiler's code). Either host's JSONL becomes one ordered list of events: the person's
 * requests, tool calls with their results, compaction boundaries and the host's summaries.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The built-in slash commands that steer the host, not the work (a custom command is a request). */
const HOST_COMMANDS = new Set(
  'add-dir agents bashes clear compact config context cost doctor exit export fast help hooks ide login logout mcp memory model output-style permissions plugin privacy-settings quit rate-limit-options release-notes resume rewind status statusline tasks terminal-setup theme todos upgrade usage vim'.split(
    ' ',
  ),
);
/** Replies that only acknowledge, in the languages the sessions show: not requests for the probe. */
export const ACK_RE =
  /^(?:ok(?:ay)?|k|y|yes|yep|yeah|sure|go|go on|go ahead|continue|proceed|carry on|thanks?|thank you|great|good|nice|done|next|please continue|continue implementation|keep going|lgtm|weiter|mach weiter|weiter so|ja|danke|gut|oui|merci|d'accord|vas-y|sí|si|gracias|sigue|continúa|继续|继续吧|请继续|好|好的|好吧|可以|行|嗯|对|是的|没问题|谢谢|はい|続けて|ありがとう|계속)[.!。！～~ ]*$/i;

/** Reads a session file into `{ kind, cwd, lines, events }`; `line` of an event is its 0-based line. */
export function readSession(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const records = lines.map((l) => {
    try {
      const r = JSON.parse(l);
      return r && typeof r === 'object' && !Array.isArray(r) ? r : undefined;
    } catch {
      return undefined;
    }
  });
  const codex = records.some((r) => r?.type === 'session_meta' || r?.type === 'turn_context');
  return codex ? readCodex(lines, records) : readClaude(lines, records);
}

function readClaude(lines, records) {
  const events = [];
  const results = new Map();
  // Background task ids, to the tool call that started each.
  const backgrounds = new Map();
  const queuedTexts = [];
  const pending = [];
  const seenInQueue = (text) => {
    const at = queuedTexts.indexOf(text);
    if (at >= 0) queuedTexts.splice(at, 1);
    return at >= 0;
  };
  let cwd;
  for (const [line, r] of records.entries()) {
    if (!r) continue;
    cwd ??= r.cwd;
    if (r.type === 'system' && r.subtype === 'compact_boundary') events.push({ type: 'boundary', line });
    const content = r.message?.content;
    if (r.type === 'user' && r.isCompactSummary) {
      events.push({ type: 'summary', line, text: textOf(content) });
      continue;
    }
    if (r.type === 'user' && Array.isArray(content)) {
      for (const b of content) {
        if (b?.type !== 'tool_result') continue;
        const background = r.toolUseResult?.backgroundTaskId;
        if (typeof background === 'string') backgrounds.set(background, b.tool_use_id);
        results.set(b.tool_use_id, {
          isError: b.is_error === true,
          text: textOf(b.content),
          interpretation: r.toolUseResult?.returnCodeInterpretation,
          stdout: typeof r.toolUseResult?.stdout === 'string' ? r.toolUseResult.stdout : undefined,
        });
        // The person's words given with a refused call are a message of theirs (not the host's
        // own words when the refused call was a question to them).
        const refusal =
          /^\s*The user doesn't want to (?:proceed|take this action)[\s\S]*?the user said:\s*\n([\s\S]+)$/.exec(
            textOf(b.content),
          )?.[1];
        if (refusal && !r.isSidechain && !/^\s*The user wants to clarify these questions\./.test(refusal))
          events.push({ type: 'request', line, text: refusal.trim() });
        const ended = backgroundEnd(textOf(b.content));
        const started = ended && backgrounds.get(ended.task);
        if (started) results.set(started, ended.result);
      }
    }
    // A command sent to the background ends in a notification that names its call and status.
    const notice = JSON.stringify(r).includes('<task-notification>')
      ? notificationOf(JSON.stringify(r))
      : undefined;
    if (notice && results.has(notice.call) && !backgroundEnd(results.get(notice.call).text ?? ''))
      results.set(notice.call, notice.result);
    // What the person typed while the agent worked: in the queue's `enqueue` record (2.1), and
    // again as a queued command or the next user record when it was handed over; counted once,
    // where it was typed.
    // `popAll` takes what is queued back to the prompt, to be sent (or not) as a user record.
    const typed = r.type === 'queue-operation' && r.operation === 'enqueue' ? r.content : undefined;
    if (typeof typed === 'string') {
      // Read as a user record's words are: a local command's caveat and output are no request.
      const request =
        /^<[a-z][a-z-]*-notification>/.test(typed.trimStart()) || namesATask(typed)
          ? undefined
          : claudeRequest(typed);
      const event = request ? { type: 'request', line, text: request } : undefined;
      if (event) {
        events.push(event);
        queuedTexts.push(request);
      }
      pending.push(event);
    } else if (r.type === 'queue-operation' && r.operation === 'dequeue') {
      pending.shift();
    } else if (r.type === 'queue-operation' && r.operation === 'remove') {
      // Handed to the turn under way: the person's words, ahead of a waiting notification.
      const at = pending.findIndex(Boolean);
      pending.splice(Math.max(at, 0), 1);
    } else if (r.type === 'queue-operation' && r.operation === 'popAll') {
      for (const event of pending.splice(0)) {
        if (!event) continue;
        event.type = 'withdrawn';
        seenInQueue(event.text);
      }
    }
    const queued = r.type === 'attachment' ? r.attachment : undefined;
    if (queued?.type === 'queued_command' && !r.isSidechain && typeof queued.prompt === 'string') {
      const request = queued.prompt.trimStart().startsWith('<task-notification>')
        ? undefined
        : personal(queued.prompt);
      if (request && !seenInQueue(request)) events.push({ type: 'request', line, text: request });
    }
    if (r.type === 'user' && !r.isMeta && !r.isSidechain) {
      const request = claudeRequest(content);
      if (request && !seenInQueue(request)) events.push({ type: 'request', line, text: request });
    }
    if (r.type === 'assistant' && Array.isArray(content)) {
      for (const b of content) {
        if (b?.type === 'tool_use')
          events.push({ type: 'tool', line, id: b.id, name: b.name, input: b.input });
      }
    }
  }
  for (const e of events) if (e.type === 'tool') e.result = results.get(e.id);
  return { kind: 'claude-code', cwd, lines, events };
}

// A background task's notice queued as a JSON object naming the task or its call
// (`{"task_id":…,"tool_use_id":…,"task_type":"local_bash"}`): the host's, not the person's.
function namesATask(text) {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return false;
  try {
    const v = JSON.parse(t);
    return typeof v === 'object' && v !== null && !Array.isArray(v) && ('task_id' in v || 'tool_use_id' in v);
  } catch {
    return false;
  }
}

/** How a background command ended, from `TaskOutput`'s result (`<task_id>`, `<status>`, `<exit_code>`). */
function backgroundEnd(text) {
  const task = /<task_id>([^<]+)<\/task_id>/.exec(text)?.[1];
  const status = /<status>(\w+)<\/status>/.exec(text)?.[1];
  if (!task || (status !== 'completed' && status !== 'failed')) return undefined;
  const exit = /<exit_code>(\d+)<\/exit_code>/.exec(text)?.[1];
  return {
    task,
    result: { isError: status === 'failed', text, exit: exit === undefined ? undefined : Number(exit) },
  };
}

/** A background command's end as a `<task-notification>` says it (in any record, JSON-escaped). */
function notificationOf(raw) {
  const call = /<tool-use-id>([^<]+)<\/tool-use-id>/.exec(raw)?.[1];
  const status = /<status>(\w+)<\/status>/.exec(raw)?.[1];
  if (!call || (status !== 'completed' && status !== 'failed')) return undefined;
  const exit = /exit code (\d+)/.exec(raw)?.[1];
  const text = /<summary>([^<]*)<\/summary>/.exec(raw)?.[1] ?? status;
  return {
    call,
    result: {
      isError: status === 'failed',
      text,
      exit: exit === undefined ? (status === 'failed' ? 1 : 0) : Number(exit),
    },
  };
}

function textOf(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((b) => b?.type === 'text')
    .map((b) => b.text ?? '')
    .join('\n');
}

/** The person's words in a Claude Code user record, or undefined. */
function claudeRequest(content) {
  if (Array.isArray(content) && content.some((b) => b?.type === 'tool_result')) return undefined;
  const text = textOf(content)
    .replace(/<(system[\w-]*|ide_opened_file|ide_selection|ide_diagnostics)>[\s\S]*?<\/\1>/g, '')
    .trim();
  if (!text) return undefined;
  const command = /<command-name>\s*\/?([^<\s]+)\s*<\/command-name>/.exec(text);
  if (command) {
    const name = command[1];
    if (HOST_COMMANDS.has(name)) return undefined;
    const args = /<command-args>([\s\S]*?)<\/command-args>/.exec(text)?.[1]?.trim();
    return `/${name}${args ? ` ${args}` : ''}`;
  }
  // (A prompt a hook stopped is in the log as the hook's message in its place: the host's words.)
  if (
    /^(?:<[a-z_-]+>|\[Request interrupted|Caveat: |This session is being continued|Operation stopped by hook: )/.test(
      text,
    )
  ) {
    return undefined;
  }
  return personal(text);
}

function personal(text) {
  const t = text.trim();
  if (!t || ACK_RE.test(t)) return undefined;
  const slash = /^\/([a-z][\w:-]*)(?:\s|$)/.exec(t);
  if (slash && HOST_COMMANDS.has(slash[1])) return undefined;
  return t;
}

// How the hosts' summaries start (what src/transcripts/_requests.ts takes for one).
const SUMMARY_START =
  /^(?:This session is being continued from a previous conversation|Another language model started to solve this problem)/;

// What a Codex compaction hands the next window in place of the transcript. Codex builds it from
// the person's messages and the summary (codex-rs `build_compacted_history`): the user messages
// before the cut joined by a blank line, cut in the middle past 80,000 bytes (its 20,000 tokens at
// 4 bytes each), then the summary. Newer rollouts record that history itself
// (`replacement_history`), often with the summary encrypted: there is then no text to score, as
// for a rollout that never compacted. '' when there is none.
const CODEX_MESSAGES_BYTES = 80_000;
function codexCarried(p, userTexts) {
  if (Array.isArray(p.replacement_history)) {
    const texts = p.replacement_history
      .filter((item) => item?.type === 'message')
      .map((item) => (Array.isArray(item.content) ? item.content : []).map((c) => c?.text ?? '').join('\n'))
      .filter((t) => t.trim() !== '' && !CODEX_PREFIX.test(t.trim()));
    return texts.some((t) => SUMMARY_START.test(t.trimStart())) ? texts.join('\n\n') : '';
  }
  if (!p.message) return '';
  let messages = userTexts.join('\n\n');
  if (Buffer.byteLength(messages) > CODEX_MESSAGES_BYTES) {
    const half = CODEX_MESSAGES_BYTES / 2;
    const bytes = Buffer.from(messages);
    messages = `${bytes.subarray(0, half).toString()}\n…\n${bytes.subarray(bytes.length - half).toString()}`;
  }
  return messages ? `${messages}\n\n${p.message}` : p.message;
}
// What Codex puts in the user role before the person's first message: not the person's words.
const CODEX_PREFIX =
  /^(?:<environment_context>|<user_instructions>|# AGENTS\.md|<INSTRUCTIONS>|<turn_aborted>)/;

function readCodex(lines, records) {
  const events = [];
  const byId = new Map();
  const userTexts = [];
  let cwd;
  for (const [line, r] of records.entries()) {
    if (!r) continue;
    const p = r.payload ?? r;
    if (r.type === 'session_meta' || r.type === 'turn_context') cwd ??= p.cwd;
    if (r.type === 'compacted') {
      events.push({ type: 'boundary', line });
      const text = codexCarried(p, userTexts);
      if (text) events.push({ type: 'summary', line, text });
    }
    if (r.type !== 'response_item') continue;
    if (p.type === 'message' && p.role === 'user') {
      for (const c of p.content ?? []) {
        const t = (c.text ?? '').trim();
        if (CODEX_PREFIX.test(t)) continue;
        if (t) userTexts.push(t);
        const request = personal(t);
        if (request) events.push({ type: 'request', line, text: request });
      }
    } else if (p.type === 'function_call' || p.type === 'custom_tool_call') {
      const event = { type: 'tool', line, id: p.call_id, name: p.name, input: codexInput(p) };
      events.push(event);
      byId.set(p.call_id, event);
    } else if (p.type === 'function_call_output' || p.type === 'custom_tool_call_output') {
      const event = byId.get(p.call_id);
      if (event) event.result = codexResult(p.output);
    }
  }
  return { kind: 'codex', cwd, lines, events };
}

function codexInput(p) {
  const raw = p.arguments ?? p.input;
  let args = raw;
  if (typeof raw === 'string' && raw.trim().startsWith('{')) {
    try {
      args = JSON.parse(raw);
    } catch {}
  }
  if (p.name === 'apply_patch') return { patch: typeof args === 'string' ? args : (args?.input ?? '') };
  const cmd = args?.command ?? args?.cmd;
  const command = Array.isArray(cmd) ? (cmd[cmd.indexOf('-lc') + 1] ?? cmd.join(' ')) : cmd;
  return { command, patch: /\bapply_patch\b/.test(command ?? '') ? command : undefined, args };
}

function codexResult(output) {
  let text = typeof output === 'string' ? output : (output?.content ?? '');
  let exit;
  try {
    const parsed = JSON.parse(text);
    if (typeof parsed?.metadata?.exit_code === 'number') exit = parsed.metadata.exit_code;
    if (typeof parsed?.output === 'string') text = parsed.output;
  } catch {}
  const m = /(?:Process exited with code|exit code:?|Exit code:?)\s*(\d+)/i.exec(text);
  if (exit === undefined && m) exit = Number(m[1]);
  return { isError: exit !== undefined && exit !== 0, exit, text };
}

/** Files one tool call wrote, edited or deleted, when it succeeded (paths as written). */
export function editedBy(event) {
  const r = event.result;
  if (!r || r.isError) return [];
  if (['Write', 'Edit', 'MultiEdit'].includes(event.name)) return [event.input?.file_path].filter(Boolean);
  if (event.name === 'NotebookEdit') return [event.input?.notebook_path].filter(Boolean);
  const patch = event.input?.patch;
  if (
    patch &&
    (r.exit === undefined || r.exit === 0) &&
    !/^(?:error|failed|verification failed)/i.test(r.text)
  ) {
    return [...patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)].map(
      (m) => (m[1] ?? m[2]).trim(),
    );
  }
  return [];
}

/** The shell command of a tool call, if it is one. */
export function commandOf(event) {
  if (event.name === 'Bash') return event.input?.command;
  if (event.name !== 'apply_patch' && typeof event.input?.command === 'string') return event.input.command;
  return undefined;
}

/**
 * The shared corpus: `../shared/corpus` beside the main checkout, found through git's common
 * directory so that a worktree elsewhere finds it too.
 */
export function corpusRoot() {
  const here = new URL('..', import.meta.url).pathname;
  let main = here;
  try {
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
      cwd: here,
      encoding: 'utf8',
    }).trim();
    main = dirname(common);
  } catch {}
  return join(main, '../shared/corpus');
}
