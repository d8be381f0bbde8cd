/**
 * Commands that grant authority (making a key, trusting one, approving) are for people. The run
 * engine starts every agent with `BATON_ROLE` (child or sibling for task agents); those refuse.
 * This is a signal from the process that started the agent, not a sandbox (docs/governance.md).
 */
import { UserError } from '../errors.js';
import { currentRole } from './classes.js';

/** Throws ROLE_REFUSED (exit 4) when `BATON_ROLE` says an agent (child, sibling, unknown) runs `what`. */
export function assertPerson(what: string, env: NodeJS.ProcessEnv = process.env): void {
  const { role, unknown } = currentRole(env);
  if (role !== 'child' && role !== 'sibling') return;
  const value = unknown ?? role;
  throw new UserError(
    'ROLE_REFUSED',
    `baton ${what} is for a person: BATON_ROLE=${value} says an agent is running it, and agents do not approve`,
  );
}
