/**
 * The one seam between compile_transcript and the transcript compiler (`src/transcripts/`, issue
 * 14). The tool needs only this: a transcript file in, a draft handoff and a report out. Until
 * that module is part of the build, the seam says so as a tool error.
 */
import { UserError } from '../../errors.js';

/** What compile_transcript gives: the draft (canonical Markdown, no provenance) and what was read. */
export interface CompiledTranscript {
  markdown: string;
  /** What the compiler read and found (host, records, files, commands, findings). */
  report: Record<string, unknown>;
}

/** Compiles the transcript at `path` (a real path inside the repository). */
export type CompileTranscript = (path: string) => Promise<CompiledTranscript>;

/** The compiler of this build. */
export async function loadCompiler(): Promise<CompileTranscript> {
  throw new UserError(
    'NOT_AVAILABLE',
    'compile_transcript needs the transcript compiler (src/transcripts/, issue 14), which this build of baton does not have yet',
    { hint: 'use import_handoff for a handoff an agent wrote' },
  );
}
