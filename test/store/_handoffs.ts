/** Handoffs to archive in store tests: the text and the parsed fields the store reads. */
import type { Handoff } from '../../src/handoff/types.js';
import type { PutHandoffInput } from '../../src/store/types.js';

/** What a test handoff may set. */
export interface HandoffSpec {
  id?: string;
  created_at?: string;
  from?: string;
  task?: string;
  status?: Handoff['status'];
  title?: string;
  repository?: string;
  branch?: string;
  body?: string;
}

/** A handoff input whose text carries its fields, so different fields are different bytes. */
export function handoffInput(spec: HandoffSpec = {}): PutHandoffInput {
  const h: Partial<Handoff> = {
    from: spec.from ?? 'builder',
    status: spec.status ?? 'in-progress',
    title: spec.title ?? 'Handoff',
    created_at: spec.created_at ?? '2026-11-30T01:00:00Z',
  };
  if (spec.id !== undefined) h.id = spec.id;
  if (spec.task !== undefined) h.task = spec.task;
  if (spec.repository !== undefined || spec.branch !== undefined) {
    h.provenance = {
      repository: spec.repository ?? 'acme/calc',
      worktree: '/work/calc',
      branch: spec.branch ?? 'main',
      head: 'a'.repeat(40),
      base_ref: 'main',
      base_commit: 'b'.repeat(40),
      worktree_state: 'clean',
    };
  }
  const front = Object.entries({
    id: h.id,
    created_at: h.created_at,
    from: h.from,
    task: h.task,
    status: h.status,
    repository: h.provenance?.repository,
    branch: h.provenance?.branch,
  })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}\n`)
    .join('');
  const text = `---\n${front}---\n# ${h.title}\n\n## Summary\n\n${spec.body ?? 'Nothing to say.'}\n`;
  return { text, format: 'baton', handoff: h };
}

/** A ULID-shaped id that sorts by `n`. */
export function idOf(n: number, prefix = '01JD'): string {
  return `${prefix}${String(n).padStart(26 - prefix.length, '0')}`;
}
