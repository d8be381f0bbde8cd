/** Test doubles for users' own tests (`baton-handoff/testing`): real temporary git repositories. */

export { type Script, type ScriptedAnswer, scriptedAgent } from '../agents/scripted.js';
export { createTempRepo, type TempRepo, type TempRepoOptions } from './git-repo.js';
