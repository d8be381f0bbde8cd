/** `compileTranscript`: read a session log (either host), build the draft, fit it to the caps. */
import { renderBaton } from '../formats/baton/render.js';
import type { ParsedHandoff } from '../formats/types.js';
import { confineToOwnRoot } from '../fs/index.js';
import { DEFAULT_LIMITS, type Limits } from '../handoff/values.js';
import { withoutSecrets } from './_secrets.js';
import { estimateTokens } from './_text.js';
import { readClaudeCode } from './claude-code.js';
import { readCodex } from './codex.js';
import { type DraftOptions, draftFromSession, LEAST_DETAIL } from './compile.js';
import { detectTranscript } from './detect.js';
import type { SessionRecord, TranscriptKind } from './types.js';

/** Options of `compileTranscript`. */
export interface CompileOptions extends DraftOptions {
  /** Skip detection (default: read from the content). */
  kind?: TranscriptKind;
  limits?: Partial<Limits>;
  /**
   * The size goal in tokens, estimated (default 850: under half of the shortest summary a host
   * wrote in the sessions measured, 1,724 tokens): less detail is kept until the draft fits.
   */
  maxTokens?: number;
}

const MAX_TOKENS = 850;

/** The draft (canonical Markdown without id, time or provenance) and what it came from. */
export interface CompileResult {
  kind: TranscriptKind;
  draft: string;
  handoff: ParsedHandoff;
  /** The session the draft was compiled from: its texts with secrets left out, as in the draft. */
  session: SessionRecord;
}

/** Reads either host's session log, streamed, and compiles it into a draft that fits the caps. */
export async function readTranscript(path: string, kind?: TranscriptKind): Promise<SessionRecord> {
  const k = kind ?? detectTranscript(path);
  return k === 'codex' ? readCodex(path) : readClaudeCode(path);
}

/**
 * Compiles a transcript into a canonical draft handoff. Deterministic. The log is read where it
 * really is, and refused when a symlink leads it out of its own folder (or repository) or into `.git/`.
 */
export async function compileTranscript(given: string, options: CompileOptions = {}): Promise<CompileResult> {
  const path = confineToOwnRoot(given, 'read');
  const kind = options.kind ?? detectTranscript(path);
  const session = withoutSecrets(await readTranscript(path, kind));
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { handoff, draft } = fit(session, options, limits);
  return { kind, draft, handoff, session };
}

// Room kept for what `baton write` adds: id, time, provenance, hash and the title line.
const WRITE_LINES = 12;
const WRITE_BYTES = 1200;

/** Renders, and while the text is over the caps, keeps fewer items of the least needed lists. */
function fit(session: SessionRecord, options: CompileOptions, limits: Limits) {
  const cap = Math.min(options.maxItems ?? limits.maxItemsPerSection, limits.maxItemsPerSection);
  const steps: ((h: ParsedHandoff) => void)[] = [
    (h) => (h.preferences = h.preferences.slice(-10)),
    (h) => (h.done = h.done.slice(-10)),
    (h) => (h.validation = h.validation.slice(-15)),
    (h) => (h.dead_ends = h.dead_ends.slice(0, 5)),
    (h) => (h.goal = shorten(h.goal, 30, 3000)),
    (h) => (h.preferences = h.preferences.slice(-3)),
    (h) => (h.remaining = h.remaining.slice(0, 3)),
    (h) => (h.validation = h.validation.slice(-8)),
    (h) => (h.goal = shorten(h.goal, 10, 1000)),
    (h) => (h.notes = h.notes?.split('\n').slice(0, 60).join('\n').trim()),
  ];
  const goal = options.maxTokens ?? MAX_TOKENS;
  let handoff = draftFromSession(session, { ...options, maxItems: cap });
  let draft = renderBaton(handoff);
  for (let detail = 1; detail <= LEAST_DETAIL && estimateTokens(draft) > goal; detail++) {
    handoff = draftFromSession(session, { ...options, maxItems: cap, detail });
    draft = renderBaton(handoff);
  }
  for (const step of steps) {
    if (fits(draft, limits)) break;
    step(handoff);
    draft = renderBaton(handoff);
  }
  return { handoff, draft };
}

function fits(text: string, limits: Limits): boolean {
  return (
    Buffer.byteLength(text) + WRITE_BYTES <= limits.maxBytes &&
    text.split('\n').length + WRITE_LINES <= limits.maxLines
  );
}

function shorten(goal: string | undefined, lines: number, chars: number): string | undefined {
  if (goal === undefined) return goal;
  const all = goal.split('\n');
  let kept = all.slice(0, lines).join('\n').slice(0, chars).trim();
  if (kept.length < goal.length) kept += '\n\n[baton: the request is cut here to fit the caps]';
  return kept;
}
