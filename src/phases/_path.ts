/** The file a phase's incoming handoff lives in; a phase name can never name another place. */
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { PHASE_NAME, PHASES_DIR } from './types.js';

/** `<root>/.baton/phases/<phase>.md`, or a USAGE error when `phase` is not a plain name. */
export function phasePath(root: string, phase: string, field = 'phase'): string {
  if (!PHASE_NAME.test(phase) || phase.includes('..')) {
    throw new UserError(
      'USAGE',
      `${field} must be a phase name of letters, digits, ".", "_" or "-" (at most 64), not ${JSON.stringify(phase.slice(0, 80))}`,
    );
  }
  return join(root, PHASES_DIR, `${phase}.md`);
}
