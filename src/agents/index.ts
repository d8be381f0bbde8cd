/** Agents: one interface, and the executors baton ships (command, scripted). */
export { type CommandAgentOptions, commandAgent } from './command.js';
export { resolveAgent } from './resolve.js';
export { loadScriptedAgent, replyKeys, type Script, type ScriptedAnswer, scriptedAgent } from './scripted.js';
export type { Agent, AgentCall, AgentReply, AgentUsage } from './types.js';
