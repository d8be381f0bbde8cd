/** The glob dialect every `Files in scope` user calls (picomatch's; see match.ts). */
export { globCovers, globRegExp, isGlob, matchesPath, scopeMatcher } from './match.js';
