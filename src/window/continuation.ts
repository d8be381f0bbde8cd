/**
 * Continuation windows (seed 004): a fresh window whose dispatch restates the task verbatim,
 * carries every earlier window's done items, decisions, files touched and open concerns forward
 * as DO NOT REDO / DO NOT REVERSE / read-before-editing, and dispatches only the remaining work.
 */
import type { DispatchXml } from '../formats/pipeline-xml/index.js';
import type { ParsedHandoff } from '../formats/types.js';
import type { Decision, DoneItem, FileTouched, SubSpec } from '../handoff/types.js';

/** What the windows of a stage have handed forward so far, de-duplicated. */
export interface Carried {
  done: DoneItem[];
  decisions: Decision[];
  files: FileTouched[];
  concerns: string[];
}

/** Nothing carried yet. */
export function nothingCarried(): Carried {
  return { done: [], decisions: [], files: [], concerns: [] };
}

/** `carried` plus what `h` hands forward, each item once. */
export function accumulate(carried: Carried, h: ParsedHandoff): Carried {
  const add = <T>(list: T[], items: readonly T[], key: (t: T) => string) => {
    const seen = new Set(list.map(key));
    const out = [...list];
    for (const item of items) {
      const k = key(item);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(item);
      }
    }
    return out;
  };
  return {
    done: add(carried.done, h.done, (d) => d.text.trim().toLowerCase()),
    decisions: add(carried.decisions, h.decisions, (d) => d.decision.trim().toLowerCase()),
    files: add(carried.files, h.files_touched, (f) => `${f.action} ${f.path}`),
    concerns: add(carried.concerns, h.open_concerns, (c) => c.trim().toLowerCase()),
  };
}

/** The continuation dispatch: the stage's first dispatch, plus what is carried and what remains. */
export function continuationDispatch(
  base: DispatchXml,
  carried: Carried,
  remaining: readonly SubSpec[],
  window: number,
): DispatchXml {
  const notices = [
    {
      name: 'continuation',
      text: `This is context window ${window} of ${base.task ?? 'this task'}. Earlier windows ran out of room and handed off. The task above is restated as it was given. Do only the remaining work below; do not redo what is done, do not reverse what was decided, and read a file before you edit it.`,
    },
  ];
  if (carried.done.length) {
    notices.push({
      name: 'do-not-redo',
      text: carried.done
        .map(
          (d) =>
            `- ${d.text}${d.command ? ` — verified by \`${d.command}\` → ${d.result}` : ` — ${d.result}`}`,
        )
        .join('\n'),
    });
  }
  if (carried.decisions.length) {
    notices.push({
      name: 'do-not-reverse',
      text: carried.decisions
        .map((d) => `- ${d.decision}${d.reason ? ` — because ${d.reason}` : ''}`)
        .join('\n'),
    });
  }
  if (carried.files.length) {
    notices.push({
      name: 'read-before-editing',
      text: carried.files.map((f) => `- ${f.action} \`${f.path}\``).join('\n'),
    });
  }
  if (carried.concerns.length)
    notices.push({ name: 'open-concerns', text: carried.concerns.map((c) => `- ${c}`).join('\n') });
  notices.push({ name: 'remaining', text: remaining.map(renderSpec).join('\n\n') });
  return { ...base, notices: [...(base.notices ?? []), ...notices] };
}

function renderSpec(s: SubSpec): string {
  const lines = [`### ${s.title}`];
  if (s.goal) lines.push(`- Goal: ${s.goal}`);
  if (s.files_in_scope.length) lines.push(`- Files in scope: ${s.files_in_scope.join(', ')}`);
  for (const v of s.verify_by) lines.push(`- Verify by: \`${v}\``);
  if (s.notes) lines.push(`- Notes: ${s.notes}`);
  return lines.join('\n');
}

/** The BUDGET NOTICE: stop starting new work, and hand off in the canonical or Anchor format. */
export function budgetNotice(tokens: number, maxContext: number, endpoint: string): string {
  const pct = Math.round((tokens / maxContext) * 100);
  return `BUDGET NOTICE: this dispatch is ${tokens} tokens, ${pct}% of the ${maxContext}-token context window of ${endpoint}. Do not start work you cannot finish in this window. Finish the step you are on, then reply with a handoff instead of a result: a baton/handoff-v1 handoff with status in-progress, or an Anchor handoff with exactly these five sections:

## Done
- [x] <what is finished> — verified by \`<command>\` → pass|fail|unverified

## Remaining
### <one piece of remaining work>
- Goal: <one line>
- Files in scope: <paths inside this task's files in scope>
- Verify by: \`<the command that proves it done>\`

## Decisions made
- <decision> — because <reason>

## Files touched
- modified \`<path>\`

## Open concerns
- <a caveat, or None.>

A handoff is a successful outcome; a truncated answer is not. If nothing remains, do not hand off: reply with your result.`;
}
