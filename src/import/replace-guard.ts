/**
 * `import -o` over a handoff: an import that would be INVALID does not replace a handoff that is
 * VALID now (the README's own `import -o .baton/handoff.md` did, and exited 0), unless forced.
 */
import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import { validateFile } from '../validate/validate.js';
import type { ImportReport } from './types.js';

/** Throws when `report` is INVALID and the handoff at `target` is VALID now; `force` lets it through. */
export async function refuseInvalidOverValid(
  target: string,
  report: ImportReport,
  force: boolean,
): Promise<void> {
  const invalid = report.findings.filter((f) => f.verdict === 'INVALID');
  if (force || invalid.length === 0 || !existsSync(target)) return;
  const now = await validateFile(target, { git: true, since: false });
  if (now.verdict !== 'VALID') return;
  throw new UserError(
    'HANDOFF_INVALID',
    `not replacing ${target}: it is VALID and the import is INVALID (${invalid[0]?.message}${invalid.length > 1 ? `, and ${invalid.length - 1} more` : ''}); nothing was written`,
    { hint: 'write the import elsewhere and fix it, or pass --force to replace the handoff anyway' },
  );
}
