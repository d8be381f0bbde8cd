/**
 * A2A v1.0 on the official SDK, the part both sides share: the client (send a handoff, send a
 * remote build and poll it), message parts, and the one mapping between baton's errors and the
 * protocol's. The server is `src/servers/a2a/`.
 */
export { connect, messageRequest, type SendOptions, type SendResult, sendHandoff } from './client.js';
export { fromClientError, JSONRPC, toA2AError } from './errors.js';
export { dataPart, textPart } from './parts.js';
export { dispatchRemote, type RemoteDispatch, type RemoteOutcome } from './remote.js';
