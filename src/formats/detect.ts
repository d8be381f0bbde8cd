/** Recognises a handoff's format from its content. */
import type { FormatName } from './types.js';

/** The format `text` is written in; canonical (`baton`) when nothing else fits. */
export function detect(text: string): FormatName {
  const head = text.slice(0, 4096).replace(/^\ufeff/, '');
  if (/^\s*[{[]/.test(head)) return 'json';
  const schema = /^schema:[ \t]*['"]?([^'"\s]+)/m.exec(head);
  if (schema?.[1] === 'context-kit/handoff-v1') return 'context-kit';
  if (schema?.[1] === 'baton/handoff-v1') return 'baton';
  // An agent's reply: the result element may follow prose or sit in a code fence.
  if (/^[ \t]*(?:```\w*[ \t]*)?<(?:task-result|context-handoff)[\s/>]/m.test(text.slice(0, 65536))) {
    return 'pipeline-xml';
  }
  if (/^# Context Handoff[ \t]*$/m.test(head) && /^## Verified Facts/m.test(text)) return 'context-kit';
  return 'baton';
}
