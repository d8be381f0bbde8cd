/**
 * What an A2A message carries for baton: a handoff (`metadata.handoff = true`, one text part in
 * any format baton reads or one data part with canonical or FORGE JSON), or a run-engine dispatch
 * for a remote builder (`metadata.baton_dispatch`). Everything here is other agents' data.
 */
import type { Message, Part } from '@a2a-js/sdk';
import { type Finding, finding } from '../../handoff/finding.js';
import type { MessageCode } from '../../handoff/finding-codes.js';
import { ULID_RE } from '../../handoff/values.js';

/** The largest handoff part taken (bytes of its text); the handoff cap itself is validate's. */
const MAX_PART_BYTES = 256 * 1024;

/** How deep a data part may nest (a handoff's JSON is a few levels): deeper is refused unread. */
export const MAX_DATA_DEPTH = 64;

/** The key a data part nested deeper than `MAX_DATA_DEPTH` is replaced with on the wire (_wire.ts). */
export const TOO_DEEP = 'baton:nested-too-deep';

/** Media types a handoff text part may declare (none is taken as Markdown). */
const TEXT_TYPES = new Set(['', 'text/markdown', 'text/plain', 'text/x-markdown', 'application/json']);

/** What the message asks for, or why it cannot be read (an INVALID finding for the peer). */
export type MessageIntent =
  | { kind: 'handoff'; text: string; sender: string }
  | { kind: 'dispatch'; dispatch: DispatchRequest; sender: string }
  | { kind: 'refused'; finding: Finding };

const refusal = (code: MessageCode, reason: string): MessageIntent => ({
  kind: 'refused',
  finding: finding('INVALID', code, reason),
});

/** A remote builder's call: the dispatch, and where in the repository's history to do it. */
export interface DispatchRequest {
  text: string;
  task: string;
  stage: string;
  window: number;
  attempt: number;
  /** The repository identity the orchestrator works in (must be this checkout's). */
  repository: string;
  /** The commit to start from. */
  startCommit: string;
  timeoutMs: number;
  /** The orchestrator's run id, when it sends one: recorded with the task, for a team's store. */
  runId?: string;
}

/** Reads a message: a handoff, a dispatch, or a refusal with its reason. */
export function readMessage(message: Message): MessageIntent {
  const meta = (message.metadata ?? {}) as Record<string, unknown>;
  const sender = senderOf(meta);
  if (meta.baton_dispatch && typeof meta.baton_dispatch === 'object')
    return readDispatch(message, meta, sender);
  if (meta.handoff !== true) {
    return refusal(
      'not-a-handoff',
      'the message is not a handoff: set metadata.handoff = true and send the handoff as one part',
    );
  }
  const candidates = message.parts.filter((p) => p.content?.$case === 'text' || p.content?.$case === 'data');
  if (candidates.length === 0) {
    return refusal('no-handoff-part', 'the message has no text or data part holding a handoff');
  }
  if (candidates.length > 1) {
    return refusal(
      'several-handoff-parts',
      `the message has ${candidates.length} text/data parts; a handoff travels as exactly one`,
    );
  }
  const text = partText(candidates[0] as Part);
  if (typeof text !== 'string') return refusal('bad-part', text.reason);
  return { kind: 'handoff', text, sender };
}

function partText(part: Part): string | { reason: string } {
  let text: string;
  if (part.content?.$case === 'text') {
    if (!TEXT_TYPES.has(part.mediaType)) {
      return { reason: `a handoff text part must be text/markdown, not ${part.mediaType.slice(0, 60)}` };
    }
    text = part.content.value;
  } else {
    const value = part.content?.$case === 'data' ? part.content.value : undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { reason: 'a handoff data part must hold a JSON object (canonical or FORGE)' };
    }
    if (TOO_DEEP in value) {
      return { reason: `the data part is nested more than ${MAX_DATA_DEPTH} levels deep; it was not read` };
    }
    text = `${JSON.stringify(value, null, 2)}\n`;
  }
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_PART_BYTES) {
    return {
      reason: `the handoff part is ${bytes} bytes, over the ${MAX_PART_BYTES}-byte cap; it was not read`,
    };
  }
  return text;
}

function readDispatch(message: Message, meta: Record<string, unknown>, sender: string): MessageIntent {
  const d = meta.baton_dispatch as Record<string, unknown>;
  const text = message.parts.find((p) => p.content?.$case === 'text');
  const refused = (reason: string) => refusal('bad-dispatch', reason);
  if (text?.content?.$case !== 'text') return refused('a dispatch message needs its dispatch as a text part');
  if (Buffer.byteLength(text.content.value) > 8 * 1024 * 1024) return refused('the dispatch is over 8 MiB');
  const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  const int = (k: string) => (Number.isSafeInteger(d[k]) && (d[k] as number) > 0 ? (d[k] as number) : 0);
  const dispatch: DispatchRequest = {
    text: text.content.value,
    task: str('task'),
    stage: str('stage'),
    window: int('window'),
    attempt: int('attempt'),
    repository: str('repository'),
    startCommit: str('start_commit'),
    timeoutMs: int('timeout_ms') || 600_000,
  };
  // A run id is a ULID; anything else is left out rather than recorded.
  if (ULID_RE.test(str('run_id'))) dispatch.runId = str('run_id');
  if (!/^[A-Za-z0-9][\w.-]{0,63}$/.test(dispatch.task)) return refused('the dispatch names no valid task id');
  if (!/^[a-z]{1,32}$/.test(dispatch.stage)) return refused('the dispatch names no valid stage');
  if (!dispatch.window || !dispatch.attempt)
    return refused('the dispatch needs window and attempt from 1 up');
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(dispatch.startCommit))
    return refused('start_commit must be a full commit id');
  return { kind: 'dispatch', dispatch, sender };
}

// A display value for the record: what the message says, tamed; never an identity check.
function senderOf(meta: Record<string, unknown>): string {
  const raw = typeof meta.sender === 'string' ? meta.sender : 'unknown';
  return raw.replace(/[^\w.@:/-]/g, '_').slice(0, 120) || 'unknown';
}
