/** `baton serve a2a`: the A2A server that verifies a handoff before taking it, and serves remote builds. */
export { type A2AServer, type A2AServerOptions, startA2AServer } from './server.js';
