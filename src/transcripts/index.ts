/** Transcripts: reading Claude Code and Codex session logs and compiling them into draft handoffs. */
export { readClaudeCode, subagentFiles } from './claude-code.js';
export { readCodex } from './codex.js';
export { type DraftOptions, draftFromSession } from './compile.js';
export { detectTranscript } from './detect.js';
export { hostTranscriptFolders } from './folders.js';
export {
  type Contradiction,
  checkSummary,
  type SummaryCheck,
  type SummaryCheckOptions,
} from './summary-check.js';
export { type CheckScope, extractClaims, type SummaryClaim } from './summary-claims.js';
export { type LatestCompaction, latestCompaction } from './summary-latest.js';
export { type CompileOptions, type CompileResult, compileTranscript, readTranscript } from './transcripts.js';
export {
  type CommandRun,
  type FileChangeKind,
  HOST_NAMES,
  type SessionRecord,
  type TaskItem,
  type TranscriptKind,
} from './types.js';
