/**
 * Saving a PhaseHandoff (seed 002) as a canonical handoff: the phase codec reads it (shape errors
 * refuse it), baton's safe write anchors it to git and keeps the previous one in history, and
 * the store archives it so that later phases and searches find it.
 */
import { archiveHandoff } from '../archive/index.js';
import { UserError } from '../errors.js';
import { parseHandoff, renderHandoff } from '../formats/index.js';
import type { CurrentRole } from '../governance/index.js';
import type { Verdict } from '../handoff/finding.js';
import type { Handoff } from '../handoff/index.js';
import type { GitAnswers } from '../provenance/index.js';
import type { Store } from '../store/index.js';
import { writeHandoff } from '../write/index.js';
import { phasePath } from './_path.js';
import type { PhaseHandoff } from './types.js';

/** Options of `savePhaseHandoff`. */
export interface SavePhaseOptions {
  /** The repository root: the handoff goes to `<root>/.baton/phases/<toPhase>.md`. */
  root: string;
  /** Opens the store to archive into; without it the handoff is written but not archived. */
  store?: () => Promise<Store>;
  /** The writer's role as the run engine declared it. */
  role?: CurrentRole;
  now?: Date;
  /** A long-lived process's git answers (the MCP server): git asked off the event loop. */
  gitAnswers?: GitAnswers;
}

/** What `savePhaseHandoff` wrote and archived. */
export interface SavePhaseResult {
  path: string;
  handoff: Handoff;
  /** Where the handoff it replaced now lives. */
  history?: string;
  /** The store's answer, or why it was not archived (validate's verdict now). */
  archive:
    | { status: 'stored' | 'unchanged'; location: string }
    | { status: 'refused'; verdict: Verdict }
    | { status: 'skipped' };
  notes: string[];
}

/**
 * Writes a PhaseHandoff as a canonical handoff and archives it. The canonical format needs a goal
 * and, unless the work is complete, remaining work; a PhaseHandoff has neither, because the phase
 * it comes from is over: the handoff is `complete`, its goal names the two phases, and what is
 * still open is in Open concerns.
 */
export async function savePhaseHandoff(
  input: PhaseHandoff,
  options: SavePhaseOptions,
): Promise<SavePhaseResult> {
  phasePath(options.root, input.fromPhase, 'fromPhase');
  const path = phasePath(options.root, input.toPhase, 'toPhase');
  const parsed = await parseHandoff(JSON.stringify(input), 'phase');
  const bad = parsed.findings.filter((f) => f.verdict !== 'INFO');
  if (bad.length > 0) {
    throw new UserError('HANDOFF_INVALID', `not a PhaseHandoff: ${bad.map((f) => f.message).join('; ')}`);
  }
  const h = parsed.handoff;
  h.goal = `Carry the outcome of the ${input.fromPhase} phase into the ${input.toPhase} phase.`;
  h.title = `Phase handoff: ${input.fromPhase} → ${input.toPhase}`;
  h.status = 'complete';
  const draft = (await renderHandoff(h, 'baton')).text;
  const written = await writeHandoff({
    path,
    draft,
    ...(options.role ? { role: options.role } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.gitAnswers ? { gitAnswers: options.gitAnswers } : {}),
  });
  if (!written.ok) {
    const lines = written.findings.map((f) => f.message).concat(written.advice);
    throw new UserError(written.code, `the PhaseHandoff was refused: ${lines.join('; ')}`);
  }
  const result: SavePhaseResult = {
    path: written.path,
    handoff: written.handoff,
    archive: { status: 'skipped' },
    notes: written.notes,
  };
  if (written.archived) result.history = written.archived;
  if (options.store) {
    const archived = await archiveHandoff(path, {
      store: options.store,
      ...(options.now ? { now: options.now } : {}),
      ...(options.gitAnswers ? { gitAnswers: options.gitAnswers } : {}),
    });
    result.archive = archived.ok
      ? { status: archived.put.status, location: archived.location }
      : { status: 'refused', verdict: archived.report.verdict };
  }
  return result;
}
