/** Dispatches as Markdown (`--dispatch-format markdown`), for agents that read Markdown better. */
import type { ContextHandoffXml, DispatchXml } from '../formats/pipeline-xml/index.js';

function handoff(h: ContextHandoffXml, level: string): string[] {
  const lines = [
    `${level} Handoff from ${h.from}${h.task ? ` (${h.task})` : ''} — ${h.detail}`,
    '',
    `What: ${h.what}`,
  ];
  if (h.why) lines.push(`Why: ${h.why}`);
  if (h.caution) lines.push(`Caution: ${h.caution}`);
  if (h.incomplete) lines.push(`Incomplete: ${h.incomplete}`);
  return lines;
}

/** Renders a dispatch as Markdown, with the same content as its XML form. */
export function renderDispatchMarkdown(d: DispatchXml): string {
  const out = [`# Dispatch to ${d.to}${d.task ? `: ${d.task}` : ''}`];
  for (const n of d.notices ?? []) out.push('', `## ${n.name.replace(/-/g, ' ').toUpperCase()}`, '', n.text);
  if (d.spec) out.push('', '## Task', '', d.spec);
  for (const h of d.handoffs) out.push('', ...handoff(h, '##'));
  if (d.previousResults?.length) {
    out.push('', '## Previous results');
    for (const h of d.previousResults) out.push('', ...handoff(h, '###'));
  }
  return `${out.join('\n')}\n`;
}
