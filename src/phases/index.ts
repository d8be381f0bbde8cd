/** Phase handoffs (seed 002): a PhaseHandoff saved as a canonical handoff, and loaded into the next phase. */
export { type LoadPhaseOptions, type LoadPhaseResult, loadPhaseHandoff } from './load.js';
export { type SavePhaseOptions, type SavePhaseResult, savePhaseHandoff } from './save.js';
export { PHASE_NAME, PHASES_DIR, type PhaseDecision, type PhaseHandoff } from './types.js';
