/** Resuming: the brief a fresh agent reads, and the claims it must re-verify first. */
export { type AffectedClaim, affectedClaims, type Changes, touches } from './affected.js';
export { type Brief, buildBrief, type ProvenanceRow, type ReverifyCommand } from './brief.js';
export { type Claim, type ClaimKind, claimsOf, pathsIn } from './claims.js';
export { renderBrief } from './render.js';
export { type ResumeOptions, type ResumeResult, resumeHandoff } from './resume.js';
export { type ReverifyResult, type RunCheckOptions, runCheck } from './reverify.js';
