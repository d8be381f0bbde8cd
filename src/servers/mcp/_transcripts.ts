/**
 * The one seam between compile_transcript and the transcript compiler (`src/transcripts/`, issue
 * 14): a transcript file in, the draft handoff and a report of what was read out.
 */
import { library } from './_library.js';

/** What compile_transcript gives: the draft (canonical Markdown, no provenance) and what was read. */
export interface CompiledTranscript {
  markdown: string;
  /** What the compiler read: host, requests, files, commands, task list, commits, compactions. */
  report: Record<string, unknown>;
}

/** Compiles the transcript at `path` (a real path inside the repository `root`). */
export type CompileTranscript = (path: string, root: string) => Promise<CompiledTranscript>;

/** The compiler of this build, loaded on first use. */
export async function loadCompiler(): Promise<CompileTranscript> {
  const { compileTranscript } = await library.transcripts();
  return async (path, root) => {
    // The session comes back with secrets left out, as in the draft: the report quotes it.
    const { kind, draft, handoff, session: s } = await compileTranscript(path, { root });
    const report = {
      kind,
      ...(s.sessionId ? { sessionId: s.sessionId } : {}),
      requests: s.requests.length,
      // As the draft names them: relative to the repository root.
      files: handoff.files_touched,
      commands: s.commands.map((c) => ({
        command: c.command,
        ok: c.ok ?? null,
        ...(c.exitCode === undefined ? {} : { exitCode: c.exitCode }),
      })),
      tasks: s.tasks,
      commits: s.commits,
      compactions: s.compactions,
      stats: s.stats,
    };
    return { markdown: draft, report };
  };
}
