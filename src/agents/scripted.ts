/**
 * The `scripted` agent: deterministic replies for tests and the demo. A function of the call, a
 * map of replies keyed `task/stage/window/attempt`, or a folder of reply files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../errors.js';
import type { Agent, AgentCall, AgentReply, AgentUsage } from './types.js';

/** What a script returns for one call: the reply text, or the text with usage. */
export type ScriptedAnswer = string | { text: string; usage?: AgentUsage; ok?: boolean; error?: string };

/** A script: a function of the call (it may also change files, as a real agent would). */
export type Script = (call: AgentCall) => ScriptedAnswer | Promise<ScriptedAnswer>;

/**
 * An agent answering from a script, or from replies keyed by `task/stage/window/attempt`
 * (shorter keys match more calls: `task/stage/window`, `task/stage`, `stage`).
 */
export function scriptedAgent(script: Script | Record<string, ScriptedAnswer>, name = 'scripted'): Agent {
  const answer: Script = typeof script === 'function' ? script : (call) => lookup(script, call);
  return {
    name,
    async call(call) {
      const started = Date.now();
      const a = await answer(call);
      const reply: AgentReply =
        typeof a === 'string'
          ? { text: a, ok: true, durationMs: Date.now() - started }
          : { text: a.text, ok: a.ok ?? true, durationMs: Date.now() - started };
      if (typeof a !== 'string') {
        if (a.usage) reply.usage = a.usage;
        if (a.error) reply.error = a.error;
      }
      return reply;
    },
  };
}

/** Keys tried for a call, most specific first. */
function replyKeys(call: Pick<AgentCall, 'task' | 'stage' | 'window' | 'attempt'>): string[] {
  const { task, stage, window, attempt } = call;
  return [`${task}/${stage}/${window}/${attempt}`, `${task}/${stage}/${window}`, `${task}/${stage}`, stage];
}

function lookup(replies: Record<string, ScriptedAnswer>, call: AgentCall): ScriptedAnswer {
  for (const key of replyKeys(call)) {
    const reply = replies[key];
    if (reply !== undefined) return reply;
  }
  return { text: '', ok: false, error: `no scripted reply for ${replyKeys(call)[0]}` };
}

/**
 * The agent of a `scripted:<path>` spec: a folder of reply files named by key, with `/` written
 * as `.` (`TASK-01.builder.1.1.md`, `TASK-01.builder.md`, `builder.xml`), or a `.js`/`.mjs`
 * module whose default export is a script.
 */
export async function loadScriptedAgent(path: string, cwd: string): Promise<Agent> {
  const full = resolve(cwd, path);
  if (!existsSync(full))
    throw new UserError('AGENT_INVALID', `scripted agent ${path}: no such file or folder`);
  if (statSync(full).isDirectory()) {
    const replies: Record<string, string> = {};
    for (const name of readdirSync(full)) {
      const m = /^(.+)\.(md|xml|txt|json)$/.exec(name);
      if (m) replies[(m[1] as string).replace(/\./g, '/')] = readFileSync(join(full, name), 'utf8');
    }
    return scriptedAgent(replies, `scripted:${path}`);
  }
  if (!/\.(m?js|cjs)$/.test(full)) {
    throw new UserError(
      'AGENT_INVALID',
      `scripted agent ${path}: give a folder of replies or a .js/.mjs module`,
    );
  }
  const mod = (await import(pathToFileURL(full).href)) as { default?: unknown };
  if (typeof mod.default !== 'function') {
    throw new UserError(
      'AGENT_INVALID',
      `scripted agent ${path}: the module's default export must be a function`,
    );
  }
  return scriptedAgent(mod.default as Script, `scripted:${path}`);
}
