/** Test doubles for users' own tests (`baton/testing`): real temporary git repositories. */
export { createTempRepo, type TempRepo, type TempRepoOptions } from './git-repo.js';
