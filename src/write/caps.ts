/**
 * Advice for a draft over the caps: which section to fold, and by how much. Measured on the text
 * that would be written.
 */
import type { Finding } from '../handoff/finding.js';
import type { Limits } from '../handoff/values.js';

interface SectionSize {
  heading: string;
  bytes: number;
  lines: number;
}

function sectionSizes(text: string): SectionSize[] {
  const sizes: SectionSize[] = [];
  let current: SectionSize | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      current = { heading: line.slice(3).trim(), bytes: 0, lines: 0 };
      sizes.push(current);
    }
    if (current) {
      current.bytes += Buffer.byteLength(line) + 1;
      current.lines += 1;
    }
  }
  return sizes;
}

/** One line of advice per cap finding: what to fold and by how much. */
export function capAdvice(text: string, findings: readonly Finding[], limits: Limits): string[] {
  const sizes = sectionSizes(text);
  const biggest = (key: 'bytes' | 'lines', need: number) => {
    const picked: string[] = [];
    let freed = 0;
    for (const s of [...sizes].sort((a, b) => b[key] - a[key])) {
      if (freed >= need) break;
      picked.push(`\`## ${s.heading}\` (${s[key]} ${key})`);
      freed += s[key];
    }
    return picked.join(', then ');
  };
  const advice: string[] = [];
  for (const f of findings) {
    if (f.code === 'cap-bytes') {
      const bytes = Buffer.byteLength(text);
      const over = bytes - limits.maxBytes;
      advice.push(
        `the handoff would be ${bytes} bytes, ${over} over the ${limits.maxBytes}-byte cap: fold ${biggest('bytes', over)} into a shorter summary`,
      );
    } else if (f.code === 'cap-lines') {
      const lines = text.split('\n').length - 1;
      const over = lines - limits.maxLines;
      advice.push(
        `the handoff would be ${lines} lines, ${over} over the ${limits.maxLines}-line cap: fold ${biggest('lines', over)}`,
      );
    } else if (f.code === 'cap-items') {
      const m = /`## ([^`]+)` has (\d+)/.exec(f.message);
      const n = Number(m?.[2] ?? 0);
      advice.push(
        `\`## ${m?.[1] ?? '?'}\` has ${n} top-level items, ${n - limits.maxItemsPerSection} over the cap of ${limits.maxItemsPerSection}: fold ${n - limits.maxItemsPerSection + 1} of them into one item`,
      );
    } else if (f.code === 'summary-long') {
      advice.push(`${f.message.replace(/^`## Summary` has/, '`## Summary` has')}`);
    }
  }
  return advice;
}
