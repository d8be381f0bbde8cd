/**
 * What validation needs of an artifact, whatever its format: structural findings, the saved
 * anchors and integrity fields, and the parsed handoff when a caller wants it. context-kit
 * artifacts are judged by context-kit's rules alone, without building the full model, which
 * keeps `validate --format context-kit` lean.
 */

import { bodyOffsetOf } from '../formats/_markdown.js';
import { loadCodec } from '../formats/index.js';
import type { FormatName, ParsedHandoff } from '../formats/types.js';
import type { Finding } from '../handoff/finding.js';
import { PROVENANCE_KEYS, type Provenance } from '../handoff/types.js';
import { DEFAULT_LIMITS, type Limits } from '../handoff/values.js';
import { CANONICAL_RULES } from './rules.js';

/** An artifact as validation sees it. */
export interface Subject {
  format: FormatName;
  findings: Finding[];
  provenance: Partial<Provenance>;
  contentHash?: string;
  expiresAt?: string;
  signature?: string;
  fieldLines: Record<string, number>;
  /** Byte offset of the body (after the front matter), for the content hash. */
  bodyOffset(): number | undefined;
  items: number;
  handoff?: ParsedHandoff;
}

/** Reads an artifact for validation; `withHandoff` also builds the full model. */
export async function readSubject(
  text: string,
  format: FormatName,
  options: { limits?: Partial<Limits>; withHandoff?: boolean },
): Promise<Subject> {
  if (format === 'context-kit') return readContextKit(text, options.withHandoff === true);
  const codec = await loadCodec(format);
  const parse = codec.parse(text);
  const findings = [...parse.findings];
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  // The canonical rules; a JSON handoff is checked as the Markdown it renders to.
  let ruled = parse;
  let md = text;
  if (format === 'json') {
    const baton = await loadCodec('baton');
    md = baton.render(parse.handoff).text;
    ruled = { ...baton.parse(md), handoff: parse.handoff };
  }
  const lines = md.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const add = (f: Finding) => {
    if (format === 'json') delete f.line;
    findings.push(f);
  };
  for (const rule of CANONICAL_RULES)
    rule.check({ parse: ruled, text: md, lines, bytes: Buffer.byteLength(md), limits, add });
  const h = parse.handoff;
  const subject: Subject = {
    format,
    findings,
    provenance: { ...h.provenance },
    fieldLines: parse.fieldLines ?? {},
    bodyOffset: () => (format === 'json' ? undefined : parse.bodyOffset),
    items: Object.values(ruled.itemCounts ?? {}).reduce((n, c) => n + c.count, 0),
    handoff: h,
  };
  if (h.content_hash) subject.contentHash = h.content_hash;
  if (h.expires_at) subject.expiresAt = h.expires_at;
  if (h.signature) subject.signature = h.signature;
  return subject;
}

async function readContextKit(text: string, withHandoff: boolean): Promise<Subject> {
  const { checkContextKit } = await import('../formats/context-kit/check.js');
  const check = checkContextKit(text);
  const f = check.fields;
  const provenance: Partial<Provenance> = {};
  for (const key of PROVENANCE_KEYS) {
    const v = f.get(key);
    if (v !== undefined) (provenance as Record<string, string>)[key] = v;
  }
  const subject: Subject = {
    format: 'context-kit',
    findings: check.findings,
    provenance,
    fieldLines: check.fieldLines,
    bodyOffset: () => bodyOffsetOf(text),
    items: check.sections.reduce(
      (n, s) => n + s.lines.filter((l) => /^(?:[-*+] |\d+[.)] )/.test(l.text)).length,
      0,
    ),
  };
  const hash = f.get('content_hash');
  if (hash) subject.contentHash = hash;
  const expires = f.get('expires_at');
  if (expires) subject.expiresAt = expires;
  const signature = f.get('signature');
  if (signature) subject.signature = signature;
  if (withHandoff) {
    const parse = (await loadCodec('context-kit')).parse(text);
    subject.handoff = parse.handoff;
    subject.findings = parse.findings;
  }
  return subject;
}
