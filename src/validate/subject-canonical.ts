/** The validation subject of a canonical handoff: parse, then the canonical rules. */
import { loadCodec } from '../formats/index.js';
import type { FormatName } from '../formats/types.js';
import type { Finding } from '../handoff/finding.js';
import { DEFAULT_LIMITS, type Limits } from '../handoff/values.js';
import { CANONICAL_RULES } from './rules.js';
import type { Subject, SubjectOptions } from './subject.js';

/** Reads a canonical (Markdown or JSON) artifact and applies the canonical rules. */
export async function readCanonicalSubject(
  text: string,
  format: FormatName,
  options: SubjectOptions,
): Promise<Subject> {
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
    bodyOffset: async () => (format === 'json' ? undefined : parse.bodyOffset),
    items: Object.values(ruled.itemCounts ?? {}).reduce((n, c) => n + c.count, 0),
    handoff: h,
  };
  if (h.content_hash) subject.contentHash = h.content_hash;
  if (h.expires_at) subject.expiresAt = h.expires_at;
  if (h.signature) subject.signature = h.signature;
  return subject;
}
