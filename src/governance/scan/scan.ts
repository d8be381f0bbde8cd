/**
 * The injection-risk scan: runs the catalog over a text and reports findings with rule ids,
 * severities and line numbers. Linear in the size of the text, with a bounded number of
 * findings per rule, so a hostile artifact costs time in proportion to its size and no more.
 */

import type { Severity } from '../types.js';
import { visible } from './_chars.js';
import { decodeCandidates } from './_decode.js';
import { type Hit, RULES_BY_ID, runsOf, SCAN_RULES, type ScanRule } from './catalog.js';
import { ScanText } from './text.js';

/** One injection-risk finding. */
export interface ScanFinding {
  rule: string;
  severity: Severity;
  /** 1-based line in the scanned text. */
  line: number;
  /** What matched, invisible characters shown as `\u{…}`, at most 80 characters. */
  excerpt: string;
  /** The rule's title. */
  message: string;
  /** What this match is, when more specific than the title (decoded text, counts). */
  detail?: string;
}

/** The findings of one scan. */
export interface ScanResult {
  findings: ScanFinding[];
  /** Findings by severity, including those left out by the per-rule limit. */
  counts: Record<Severity, number>;
  /** Findings left out because a rule reached `maxPerRule`. */
  omitted: number;
}

/** Options of `scanText`. */
export interface ScanOptions {
  /** At most this many findings per rule (default 20); the rest are counted in `omitted`. */
  maxPerRule?: number;
  /** Line added to every finding's line (when the text scanned starts further down a file). */
  lineOffset?: number;
}

// What an encoded stretch is checked for once decoded: the high rules that read words and tags.
const DECODED_RULES = [
  'template-token',
  'role-tag',
  'wrapper-break',
  'ignore-instructions',
  'persona-switch',
  'fake-tool-call',
  'secret-exfil',
  'image-exfil',
].map((id) => RULES_BY_ID.get(id) as ScanRule);

/** Scans `text` for injection risk. Never throws on any input. */
export function scanText(text: string, options: ScanOptions = {}): ScanResult {
  const max = options.maxPerRule ?? 20;
  const offset = options.lineOffset ?? 0;
  const t = new ScanText(text);
  const findings: ScanFinding[] = [];
  const counts: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  let omitted = 0;
  for (const rule of SCAN_RULES) {
    let lines: Set<number> | undefined;
    const emit = (hit: Hit) => {
      const line = t.lineAt(hit.view, hit.index) + offset;
      // One finding per rule and line: the line is what a reader goes and looks at.
      lines ??= new Set();
      if (lines.has(line)) return;
      lines.add(line);
      counts[rule.severity]++;
      if (lines.size > max) {
        omitted++;
        return;
      }
      const f: ScanFinding = {
        rule: rule.id,
        severity: rule.severity,
        line,
        excerpt: excerptOf(hit.text),
        message: rule.title,
      };
      if (hit.message) f.detail = hit.message;
      findings.push(f);
    };
    if (rule.id === 'encoded-instructions') findEncoded(t, emit);
    else rule.find(t, emit);
  }
  findings.sort((a, b) => a.line - b.line || rank(a) - rank(b));
  return { findings, counts, omitted };
}

/** True when a scan found anything of high severity. */
export function hasHighRisk(result: ScanResult): boolean {
  return result.counts.high > 0;
}

function findEncoded(t: ScanText, emit: (hit: Hit) => void): void {
  for (const candidate of decodeCandidates(t.raw, runsOf(t))) {
    const inner = new ScanText(candidate.text);
    let found: { rule: string; text: string } | undefined;
    for (const rule of DECODED_RULES) {
      rule.find(inner, (hit) => {
        found ??= { rule: rule.id, text: hit.text };
      });
      if (found) break;
    }
    if (found) {
      emit({
        view: 'raw',
        index: candidate.index,
        text: candidate.text,
        message: `${candidate.kind} text decodes to ${found.rule}: "${excerptOf(found.text)}"`,
      });
    }
  }
}

function excerptOf(text: string): string {
  const flat = visible(text.slice(0, 400).replace(/\s+/g, ' ').trim());
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

const ORDER = new Map(SCAN_RULES.map((r, i) => [r.id, i]));

function rank(f: ScanFinding): number {
  return ORDER.get(f.rule) ?? 0;
}
