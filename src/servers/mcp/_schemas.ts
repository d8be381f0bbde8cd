/**
 * The zod shapes of what the tools return. Objects are loose: they describe every field a
 * client can rely on, and a field the library adds later does not break a client that checks.
 */
import { z } from 'zod';
import { FORMAT_NAMES } from '../../formats/index.js';

/** A verdict of a report. */
export const verdict = z.enum(['VALID', 'INVALID', 'MISMATCH', 'STALE', 'UNTRUSTED']);

/** One finding, as `baton validate --json` prints it. */
export const findingSchema = z.looseObject({
  verdict: z.enum(['INVALID', 'MISMATCH', 'STALE', 'UNTRUSTED', 'INFO']),
  code: z.string(),
  message: z.string(),
  line: z.number().optional(),
  field: z.string().optional(),
  saved: z.string().optional(),
  current: z.string().optional(),
});

/** A format name, or `auto` (recognised by content). */
export const formatOrAuto = z.enum(['auto', ...FORMAT_NAMES]);

/** A format baton renders. */
export const formatName = z.enum(FORMAT_NAMES as unknown as [string, ...string[]]);

/** A validation report, exactly as `baton validate --json` prints it for one file. */
export const reportShape = {
  verdict,
  exitCode: z.number().int(),
  path: z.string(),
  format: z.string(),
  findings: z.array(findingSchema),
  stats: z.looseObject({ bytes: z.number(), lines: z.number(), items: z.number() }),
  since: z.looseObject({}).optional(),
  current: z.looseObject({}).optional(),
};

/** An archived handoff without its text, as the store lists it. */
export const storedSummary = z.looseObject({
  id: z.string(),
  content_hash: z.string(),
  format: z.string(),
  created_at: z.string(),
  archived_at: z.string(),
  from: z.string().optional(),
  to: z.string().optional(),
  task: z.string().optional(),
  status: z.string().optional(),
  title: z.string().optional(),
  bytes: z.number(),
});

/** A path a tool reads: inside the repository, or in the hosts' own transcript folders (read only). */
export const transcriptPath = (what: string) =>
  z
    .string()
    .min(1)
    .max(4096)
    .describe(
      `${what}: relative to the repository root and inside it, or an absolute path in ~/.claude/projects, ~/.codex/sessions, $CLAUDE_CONFIG_DIR/projects or $CODEX_HOME/sessions (read only)`,
    );

/** A path the tool reads or writes: relative to the repository root, and never outside it. */
export const repoPath = (what: string) =>
  z.string().min(1).max(4096).describe(`${what}, relative to the repository root (must stay inside it)`);
