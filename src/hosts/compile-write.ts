/** Compile a session log and write the result as the repository's handoff, through `baton write`. */
import { findRepositoryRoot } from '../provenance/discover.js';
import { type CompileResult, compileTranscript } from '../transcripts/transcripts.js';
import type { TranscriptKind } from '../transcripts/types.js';
import { resolveHandoffPath } from '../validate/paths.js';
import { type WriteResult, writeHandoff } from '../write/write.js';

/** Options of `compileAndWrite`. */
export interface CompileAndWriteOptions {
  /** Where the session worked (the repository is found from here). */
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** The handoff to write (default: `$BATON_HANDOFF_PATH`, else `.baton/handoff.md` at the root). */
  path?: string;
  kind?: TranscriptKind;
  from?: string;
  /** Write without git provenance. */
  git?: boolean;
  /** Write nothing when the handoff there now says the same but for its id and time (`writeHandoff`'s `unlessUnchanged`). */
  unlessUnchanged?: boolean;
}

/** What was compiled and what `write` did with it. */
export interface CompileAndWriteResult {
  compiled: CompileResult;
  written: WriteResult;
}

/** Compiles `transcript` and writes it with the safe write (the previous handoff goes to history). */
export async function compileAndWrite(
  transcript: string,
  options: CompileAndWriteOptions,
): Promise<CompileAndWriteResult> {
  const root = findRepositoryRoot(options.cwd) ?? options.cwd;
  const compiled = await compileTranscript(transcript, {
    root,
    ...(options.kind ? { kind: options.kind } : {}),
    ...(options.from ? { from: options.from } : {}),
  });
  const path = resolveHandoffPath(options.path, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    format: 'baton',
  });
  const written = await writeHandoff({
    path,
    draft: compiled.draft,
    git: options.git !== false,
    ...(options.unlessUnchanged ? { unlessUnchanged: true } : {}),
    keepReplacedIn: async () =>
      (await import('../store/open.js')).openStore({
        cwd: options.cwd,
        env: options.env ?? process.env,
        create: true,
      }),
  });
  return { compiled, written };
}
