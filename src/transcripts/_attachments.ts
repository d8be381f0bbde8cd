/**
 * What Claude Code's `attachment` records (2.1 and later) say about the work: a message the person
 * typed while the agent was busy (`queued_command`, kept nowhere else in the log), a background
 * task's report, a file the person pointed at (`@file`), opened in the IDE or changed outside the
 * agent, the files the IDE reports problems in, and the plan of plan mode. Hook output, reminders
 * and listings of skills or tools say nothing about the work and are left out.
 */
import type { MentionSource } from './types.js';

/** One attachment, read. */
export interface AttachmentNote {
  /** The person's words, queued while the agent worked. */
  queued?: string;
  /** A background task's notification (`<task-notification>…`), queued the same way. */
  notification?: string;
  /** Single paths, each taken whole, and who pointed at them. */
  paths: [string, MentionSource][];
  /** A text whose paths are noted: the plan of plan mode. */
  plan?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Reads the `attachment` field of a record; undefined when it says nothing about the work. */
export function readAttachment(attachment: unknown): AttachmentNote | undefined {
  const a = obj(attachment);
  const type = str(a?.type);
  if (!a || !type) return undefined;
  const filename = str(a.filename);
  switch (type) {
    case 'queued_command': {
      const prompt = str(a.prompt)?.trim();
      if (!prompt) return undefined;
      const notice = a.commandMode === 'task-notification' || prompt.startsWith('<task-notification>');
      return notice ? { notification: prompt, paths: [] } : { queued: prompt, paths: [] };
    }
    case 'file':
    case 'edited_text_file':
      // `@file` in the person's message; a change made outside the agent (by the person or a tool).
      return filename ? { paths: [[filename, 'person']] } : undefined;
    case 'opened_file_in_ide':
      return filename ? { paths: [[filename, 'read']] } : undefined;
    case 'diagnostics': {
      const files = Array.isArray(a.files) ? a.files : [];
      const uris = files.flatMap((f) => str(obj(f)?.uri) ?? []).map((u) => u.replace(/^file:\/\//, ''));
      return uris.length > 0
        ? { paths: uris.map((u) => [u, 'error'] as [string, MentionSource]) }
        : undefined;
    }
    case 'plan_file_reference': {
      const plan = str(a.planContent);
      return plan ? { paths: [], plan } : undefined;
    }
    default:
      return undefined;
  }
}
