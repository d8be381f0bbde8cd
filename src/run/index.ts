/** The run engine: plans through builder → verifier → committer, recorded and resumable. */
export type { RunContext, RunOptions } from './context.js';
export { type ResumeOptions, type RunResult, resumeRun, startRun } from './engine.js';
export {
  type EventListener,
  EventLog,
  type LogEntry,
  type Recorded,
  type RunEvent,
} from './events.js';
export { checkGate, type GateOptions, type GateResult } from './gate.js';
export { INTERRUPTED_EXIT_CODE, RunInterrupted } from './interrupt.js';
export { type RunLock, type RunLockInfo, takeRunLock } from './lock.js';
export { type RunOverview, runOverview } from './overview.js';
export { type Progress, type ProgressFile, parseProgress, progressInstructions } from './progress-file.js';
export { checkRecordsHome, type RunPaths, runPaths } from './records.js';
export { type Classified, classifyReply, replyInstructions } from './reply.js';
export { recordedAgents, type TaskState, taskStates } from './resume-state.js';
export { type RunSummary, summarize, type TaskSummary } from './summary.js';
export { type TreeWork, workInTaskTree } from './task-tree.js';
export {
  type DispatchPoint,
  type RunTimeline,
  runTimeline,
  type TimelineStep,
  type TimelineTask,
} from './timeline.js';
