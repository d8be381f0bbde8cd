/** Recognises a handoff's format from its content. */
import type { FormatName } from './types.js';

const SCAN = 65_536;

/** The format `text` is written in; canonical (`baton`) when nothing else fits. */
export function detect(text: string): FormatName {
  const head = text.slice(0, 4096).replace(/^\ufeff/, '');
  if (/^\s*[{[]/.test(head)) return detectJson(text.slice(0, SCAN));
  const schema = /^schema:[ \t]*['"]?([^'"\s]+)/m.exec(head);
  if (schema?.[1] === 'context-kit/handoff-v1') return 'context-kit';
  if (schema?.[1] === 'baton/handoff-v1') return 'baton';
  const scan = text.slice(0, SCAN);
  // An agent's reply: the result element may follow prose or sit in a code fence.
  if (/^[ \t]*(?:```\w*[ \t]*)?<(?:task-result|context-handoff)[\s/>]/m.test(scan)) return 'pipeline-xml';
  if (/^# Context Handoff[ \t]*$/m.test(head) && /^## Verified Facts/m.test(text)) return 'context-kit';
  if (isAnchor(scan)) return 'anchor';
  return 'baton';
}

// Anchor's own headings (`Decisions made`, not the canonical `Decisions`), and no Goal or Summary.
function isAnchor(text: string): boolean {
  const headings = new Set<string>();
  for (const m of text.matchAll(/^##[ \t]+(.+?)[ \t]*$/gm)) headings.add((m[1] as string).toLowerCase());
  return (
    headings.has('remaining') &&
    headings.has('decisions made') &&
    headings.has('open concerns') &&
    !headings.has('goal') &&
    !headings.has('summary')
  );
}

// JSON: baton's own schema first, then the keys only PhaseHandoff or FORGE use.
function detectJson(text: string): FormatName {
  if (/^\s*\{\s*"schema"\s*:\s*"baton\/handoff-v1"/.test(text)) return 'json';
  if (/"(?:fromPhase|toPhase)"\s*:/.test(text)) return 'phase';
  if (/"(?:task_intent|reasoning_chain|from_agent|escalation_note)"\s*:/.test(text)) return 'forge';
  return 'json';
}
