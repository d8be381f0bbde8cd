/**
 * What a new session is told about the handoff another session left in the repository: one line
 * with its writer (host and session), its age, its verdict and how to load its brief. Said only
 * when the handoff is VALID or STALE: one for another branch or repository (MISMATCH), broken
 * (INVALID) or unapproved (UNTRUSTED) is not this session's work, and a new session should start
 * quietly rather than with a warning about it.
 */
import { defang } from '../governance/wrap.js';
import { HOST_NAMES, type TranscriptKind } from '../transcripts/types.js';
import { validateFile } from '../validate/validate.js';

/** The one line for `path`, or undefined when there is nothing worth saying. */
export async function startupNotice(
  path: string,
  shown: string,
  sessionId: string | undefined,
  now: Date = new Date(),
): Promise<string | undefined> {
  const report = await validateFile(path, { format: 'auto', git: true, withHandoff: true });
  const h = report.handoff;
  if (!h || (report.verdict !== 'VALID' && report.verdict !== 'STALE')) return undefined;
  const writer = writerOf(h.from);
  // The session's own handoff (a resumed session starting again) is not news to it.
  if (writer.session && sessionId?.startsWith(writer.session)) return undefined;
  const when = h.created_at ? `, written ${ago(new Date(h.created_at), now)}` : '';
  const moved = report.verdict === 'STALE' ? ': the work has moved since' : '';
  return defang(
    `baton: ${shown} holds a handoff from ${writer.name}${when} (${report.verdict}${moved}); load its brief with \`baton resume\` (in Claude Code with the baton plugin: /baton:resume).`,
  );
}

/** `claude-code:decad377` → Claude Code session decad377; any other writer as written. */
function writerOf(from: string | undefined): { name: string; session?: string } {
  const m = /^(claude-code|codex):([A-Za-z0-9-]+)$/.exec(from ?? '');
  if (m) return { name: `${HOST_NAMES[m[1] as TranscriptKind]} session ${m[2]}`, session: m[2] as string };
  return { name: from ? `\`${from.replace(/`/g, "'").slice(0, 80)}\`` : 'an unnamed writer' };
}

/** How long ago, in the largest whole unit: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
function ago(then: Date, now: Date): string {
  const s = Math.round((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(s) || s < 60) return 'just now';
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(s / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
