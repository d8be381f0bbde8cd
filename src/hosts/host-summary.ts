/**
 * The host's compaction summary, checked when the session starts again after a compaction. Codex
 * writes its `compacted` item before SessionStart runs; Claude Code 2.1.332 writes the summary to
 * the log only after SessionStart, but hands it to SubagentStop first, as the last message of the
 * compaction subagent (a subagent that leaves no log). That stop keeps it for the SessionStart of
 * the same session and prompt, which takes it (and removes it); otherwise the log's own latest
 * summary is used when it is the last thing in the log.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic.js';
import { defang } from '../governance/wrap.js';
import { detectTranscript } from '../transcripts/detect.js';
import { type Contradiction, checkSummary } from '../transcripts/summary-check.js';
import { latestCompaction } from '../transcripts/summary-latest.js';
import { readTranscript } from '../transcripts/transcripts.js';
import { HOST_NAMES, type TranscriptKind } from '../transcripts/types.js';

// Under .baton/subagents/, which baton init already keeps out of git.
const KEPT = ['.baton', 'subagents', 'compaction-summary.json'];
// A kept summary older than this belongs to a compaction whose SessionStart never came.
const FRESH_MS = 30 * 60 * 1000;
// Summaries run to a few thousand words; past this, the rest is not kept.
const MAX_SUMMARY = 256 * 1024;

interface Kept {
  session_id: string;
  prompt_id?: string;
  text: string;
  at: number;
}

// Codex writes its rollout from a background task: under load, the compacted item can land a
// moment after SessionStart has started. Waiting is bounded, and only while the log does not yet
// end with the compaction.
const WAIT_MS = 2000;
const POLL_MS = 100;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Keeps the last message of a subagent without a log (Claude Code's compaction) for SessionStart. */
export function keepCompactionSummary(root: string, payload: Record<string, unknown>): void {
  const message = text(payload.last_assistant_message)?.slice(0, MAX_SUMMARY);
  const session = text(payload.session_id);
  if (!message || !session) return;
  const prompt = text(payload.prompt_id);
  const kept: Kept = {
    session_id: session,
    ...(prompt ? { prompt_id: prompt } : {}),
    text: message,
    at: Date.now(),
  };
  writeFileAtomic(join(root, ...KEPT), `${JSON.stringify(kept)}\n`);
}

/** The summary of the compaction that just happened: kept by SubagentStop, else the log's latest. */
async function takeSummary(
  root: string,
  payload: Record<string, unknown>,
  transcript: string,
  kind: TranscriptKind,
): Promise<string | undefined> {
  const path = join(root, ...KEPT);
  if (existsSync(path)) {
    let kept: Partial<Kept> = {};
    try {
      kept = JSON.parse(readFileSync(path, 'utf8')) as Partial<Kept>;
    } catch {
      // A damaged file says nothing; it is removed below.
    }
    rmSync(path, { force: true });
    const prompt = text(payload.prompt_id);
    const same =
      kept.session_id === payload.session_id &&
      (!prompt || !kept.prompt_id || kept.prompt_id === prompt) &&
      typeof kept.at === 'number' &&
      Date.now() - kept.at < FRESH_MS;
    if (same && typeof kept.text === 'string') return kept.text;
  }
  let latest = latestCompaction(transcript, kind);
  for (let waited = 0; kind === 'codex' && !latest.ended && waited < WAIT_MS; waited += POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    latest = latestCompaction(transcript, kind);
  }
  return latest.summary;
}

/**
 * The brief's section on the host's summary: each claim the session log or git contradicts, or
 * undefined when there is no summary to check or nothing in it is contradicted.
 */
export async function hostSummarySection(
  root: string,
  payload: Record<string, unknown>,
  transcript: string,
  git: boolean,
): Promise<string | undefined> {
  const kind = detectTranscript(transcript);
  const summary = await takeSummary(root, payload, transcript, kind);
  if (!summary) return undefined;
  const session = await readTranscript(transcript, kind);
  const { contradictions } = checkSummary(session, summary, { root, git });
  return contradictions.length > 0 ? renderSection(HOST_NAMES[kind], contradictions) : undefined;
}

function renderSection(host: string, contradictions: Contradiction[]): string {
  const lines = [
    `## What ${host}'s summary says that the log does not`,
    '',
    `baton held ${host}'s compaction summary against the session log and git. Where they disagree, the log and git are right:`,
    '',
    ...contradictions.map((c) => `- The summary says ${c.said}, but ${c.shows}.`),
  ];
  return defang(lines.join('\n'));
}
