/**
 * The client side, on the SDK's own client: send a handoff and wait for the ACK (WORKING) or the
 * refusal (REJECTED) within a timeout; send a run-engine dispatch and poll until it ends.
 */
import { randomUUID } from 'node:crypto';
import { type Message, Role, type SendMessageRequest, type Task, TaskState } from '@a2a-js/sdk';
import {
  type Client,
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
} from '@a2a-js/sdk/client';
import { fromClientError } from './errors.js';
import { textPart } from './parts.js';

/** Where to send and how long to wait. */
export interface SendOptions {
  /** The server's base URL (its card is at `/.well-known/agent-card.json`). */
  url: string;
  /** The bearer token the server wants (`BATON_A2A_TOKEN`). */
  token?: string;
  /** No ACK within this many milliseconds escalates (default 10 000). */
  ackTimeoutMs?: number;
  /** Who is sending, for the receiver's record. */
  sender?: string;
}

/** What became of a handoff sent. */
export interface SendResult {
  outcome: 'accepted' | 'rejected';
  taskId: string;
  /** The task's state name, e.g. `TASK_STATE_WORKING`. */
  state: string;
  verdict: string;
  /** The verdict's exit code (0 when accepted). */
  exitCode: number;
  /** The status message's lines: the verdict and each finding. */
  reasons: string[];
  handoffId?: string;
  task: Task;
}

/** A client for `url`, reaching the card and the endpoint with the token, aborted by `signal`. */
export async function connect(url: string, token: string | undefined, signal: AbortSignal): Promise<Client> {
  const authed: typeof fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers, signal: init.signal ?? signal });
  };
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl: authed })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl: authed }),
  });
  return factory.createFromUrl(url);
}

/** A request that sends one user message of `parts`, with `metadata`, and returns at once. */
export function messageRequest(
  parts: Message['parts'],
  metadata: Record<string, unknown>,
): SendMessageRequest {
  return {
    tenant: '',
    message: {
      messageId: randomUUID(),
      contextId: '',
      taskId: '',
      role: Role.ROLE_USER,
      parts,
      metadata,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: {
      acceptedOutputModes: [],
      taskPushNotificationConfig: undefined,
      returnImmediately: true,
    },
    metadata: undefined,
  };
}

/** Sends `text` as a handoff; throws A2A_NO_ACK or A2A_UNREACHABLE when it was not taken or refused. */
export async function sendHandoff(text: string, options: SendOptions): Promise<SendResult> {
  const timeoutMs = options.ackTimeoutMs ?? 10_000;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const client = await connect(options.url, options.token, signal);
    const metadata = { handoff: true, ...(options.sender ? { sender: options.sender } : {}) };
    const answer = await client.sendMessage(messageRequest([textPart(text)], metadata), { signal });
    if (!('status' in answer)) throw new Error('the server answered with a message, not a task');
    return resultOf(answer);
  } catch (error) {
    throw fromClientError(
      signal.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : error,
      options.url,
      timeoutMs,
    );
  }
}

const TAKEN = new Set([
  TaskState.TASK_STATE_WORKING,
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
]);

function resultOf(task: Task): SendResult {
  const state = task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED;
  const meta = (task.metadata ?? {}) as Record<string, unknown>;
  const reasons = (task.status?.message?.parts ?? [])
    .flatMap((p) => (p.content?.$case === 'text' ? p.content.value.split('\n') : []))
    .filter((l) => l.trim() !== '');
  const accepted = TAKEN.has(state);
  const exit = Number.isInteger(meta.exit_code) ? (meta.exit_code as number) : 1;
  const result: SendResult = {
    outcome: accepted ? 'accepted' : 'rejected',
    taskId: task.id,
    state: TaskState[state] ?? String(state),
    verdict: typeof meta.verdict === 'string' ? meta.verdict : accepted ? 'VALID' : 'INVALID',
    exitCode: accepted ? 0 : exit === 0 ? 1 : exit,
    reasons,
    task,
  };
  if (typeof meta.handoff_id === 'string') result.handoffId = meta.handoff_id;
  return result;
}
