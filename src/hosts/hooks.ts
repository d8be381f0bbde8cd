/**
 * What baton does when a host calls it as a hook (Claude Code and Codex send the same JSON on
 * stdin). A hook must never break the session: every outcome, failures included, comes back as
 * a result with at most one line for stderr, and the command always exits 0.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { relativeInside } from '../fs/index.js';
import { findRepositoryRoot } from '../provenance/discover.js';
import { resolveHandoffPath } from '../validate/paths.js';

/** The hook events baton handles. */
export const HOOK_EVENTS = ['pre-compact', 'session-start', 'subagent-stop'] as const;
/** One of `HOOK_EVENTS`. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Where and with what the hook runs. */
export interface HookContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** What the hook prints: JSON for the host on stdout (if any), one line on stderr (if any). */
export interface HookResult {
  stdout?: string;
  stderr?: string;
}

/** SessionStart sources that get the brief back (`startup` gets one line about the handoff instead). */
const BRIEF_SOURCES = new Set(['compact', 'resume', 'clear']);

/** Runs one hook on the JSON a host sent; never throws. */
export async function runHook(event: HookEvent, input: string, context: HookContext): Promise<HookResult> {
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(input || '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error('not an object');
    payload = parsed as Record<string, unknown>;
  } catch {
    return { stderr: `baton hook ${event}: the host sent no JSON object on stdin; nothing done` };
  }
  const cwd = typeof payload.cwd === 'string' && existsSync(payload.cwd) ? payload.cwd : context.cwd;
  try {
    if (event === 'pre-compact') return await preCompact(payload, { ...context, cwd });
    if (event === 'session-start') return await sessionStart(payload, { ...context, cwd });
    return await subagentStop(payload, { ...context, cwd });
  } catch (error) {
    // Whatever went wrong, the session goes on: say it in one line.
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { stderr: `baton hook ${event}: ${message}` };
  }
}

function transcriptOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || !existsSync(value)) return undefined;
  return statSync(value).isFile() ? value : undefined;
}

async function preCompact(payload: Record<string, unknown>, context: HookContext): Promise<HookResult> {
  const transcript = transcriptOf(payload.transcript_path);
  if (!transcript) return { stderr: 'baton hook pre-compact: no transcript_path to compile; nothing done' };
  // Loaded here, not at the top: SessionStart, run at every session's start, compiles nothing.
  const { compileAndWrite } = await import('./compile-write.js');
  // Claude Code runs PreCompact twice for one automatic compaction: the second finds its own handoff.
  const { written } = await compileAndWrite(transcript, {
    cwd: context.cwd,
    env: context.env,
    unlessUnchanged: true,
  });
  if (!written.ok) {
    const first = written.findings[0];
    return {
      stderr: `baton hook pre-compact: the compiled handoff was refused: ${first?.message ?? 'invalid'}`,
    };
  }
  if (written.unchanged) {
    return {
      stderr: `baton: ${shown(written.path, context.cwd)} already holds this handoff (id ${written.handoff.id}): not written again`,
    };
  }
  return {
    stderr: `baton: wrote ${shown(written.path, context.cwd)} (id ${written.handoff.id}) before compaction`,
  };
}

async function sessionStart(payload: Record<string, unknown>, context: HookContext): Promise<HookResult> {
  const source = typeof payload.source === 'string' ? payload.source : '';
  if (source !== 'startup' && !BRIEF_SOURCES.has(source)) return {};
  const path = resolveHandoffPath(undefined, { cwd: context.cwd, env: context.env, format: 'baton' });
  const where = shown(path, context.cwd);
  const session = typeof payload.session_id === 'string' ? payload.session_id : undefined;
  const parts: string[] = [];
  if (source === 'startup') {
    const { startupNotice } = await import('./startup-notice.js');
    const line = existsSync(path) ? await startupNotice(path, where, session) : undefined;
    if (line) parts.push(line);
  } else if (existsSync(path)) parts.push(await briefText(path, where));
  const transcript = transcriptOf(payload.transcript_path);
  let stderr: string | undefined;
  if (source === 'compact' && transcript) {
    try {
      const root = findRepositoryRoot(context.cwd);
      const { hostSummarySection } = await import('./host-summary.js');
      const section = await hostSummarySection(root ?? context.cwd, payload, transcript, root !== undefined);
      if (section) parts.push(section);
    } catch (error) {
      // The brief goes out whatever happened to the check of the host's summary.
      const why = error instanceof Error ? error.message : String(error);
      stderr = `baton hook session-start: the host's summary was not checked: ${oneLine(why)}`;
    }
  }
  const out = {
    hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: parts.join('\n\n') },
  };
  return {
    ...(parts.length > 0 ? { stdout: `${JSON.stringify(out)}\n` } : {}),
    ...(stderr ? { stderr } : {}),
  };
}

/** The brief's first line (path, id, verdict) and the brief, or one line saying why there is none. */
async function briefText(path: string, where: string): Promise<string> {
  const { resumeHandoff } = await import('../resume/resume.js');
  const result = await resumeHandoff(path);
  if (result.ok) {
    const { renderBrief } = await import('../resume/render.js');
    const id = result.brief.handoff.id ?? '(no id)';
    return `baton: resume brief from ${where} (handoff ${id}, ${result.report.verdict})\n\n${renderBrief(result.brief).trimEnd()}`;
  }
  const why =
    result.report.findings.find((f) => f.verdict === result.report.verdict) ?? result.report.findings[0];
  return `baton: no resume brief: ${where} is ${result.report.verdict}${why ? ` (${oneLine(why.message)})` : ''}`;
}

async function subagentStop(payload: Record<string, unknown>, context: HookContext): Promise<HookResult> {
  const transcript = transcriptOf(payload.agent_transcript_path);
  if (!transcript) {
    // Claude Code's compaction runs as a subagent without a log; its last message is the summary.
    const { keepCompactionSummary } = await import('./host-summary.js');
    keepCompactionSummary(findRepositoryRoot(context.cwd) ?? context.cwd, payload);
    return {};
  }
  const agent =
    String(payload.agent_id ?? 'agent')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 64) || 'agent';
  const root = findRepositoryRoot(context.cwd) ?? context.cwd;
  const path = join(root, '.baton', 'subagents', `${agent}.md`);
  const { compileAndWrite } = await import('./compile-write.js');
  const { written } = await compileAndWrite(transcript, {
    cwd: context.cwd,
    env: context.env,
    path,
    kind: 'claude-code',
    from: `claude-code:subagent:${agent}`,
  });
  if (!written.ok) {
    return {
      stderr: `baton hook subagent-stop: the compiled handoff was refused: ${written.findings[0]?.message}`,
    };
  }
  const { archiveHandoff } = await import('../archive/archive.js');
  const { openStore } = await import('../store/open.js');
  const archived = await archiveHandoff(path, {
    store: () => openStore({ cwd: context.cwd, env: context.env }),
  });
  if (!archived.ok) {
    return {
      stderr: `baton hook subagent-stop: not archived: ${shown(path, context.cwd)} is ${archived.report.verdict}`,
    };
  }
  return { stderr: `baton: archived subagent ${agent} as ${written.handoff.id}` };
}

function shown(path: string, cwd: string): string {
  return relativeInside(cwd, path) || path;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
