/** Agents: one interface, and the executors baton ships (command, scripted). */
export { type A2AAgentOptions, a2aAgent } from './a2a.js';
export { type CommandAgentOptions, commandAgent } from './command.js';
export { type Endpoint, loadEndpoints } from './endpoints.js';
export { type OpenAIAgentOptions, openaiAgent } from './openai.js';
export { resolveAgent } from './resolve.js';
export { loadScriptedAgent, type Script, type ScriptedAnswer, scriptedAgent } from './scripted.js';
export type { Agent, AgentBudget, AgentCall, AgentNote, AgentReply, AgentUsage } from './types.js';
