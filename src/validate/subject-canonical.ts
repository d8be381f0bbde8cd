/** The validation subject of a canonical handoff: parse, then the canonical rules. */
import { loadCodec } from '../formats/index.js';
import type { FormatName } from '../formats/types.js';
import { FLAT_FIELDS } from '../governance/manifest.js';
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
  const flat: Record<string, string> = {};
  for (const key of FLAT_FIELDS) {
    const v = key === 'head' ? h.provenance?.head : h[key];
    if (v !== undefined) flat[key] = String(v);
  }
  const subject: Subject = {
    format,
    findings,
    provenance: { ...h.provenance },
    fieldLines: parse.fieldLines ?? {},
    bodyOffset: async () => (format === 'json' ? undefined : parse.bodyOffset),
    items: Object.values(ruled.itemCounts ?? {}).reduce((n, c) => n + c.count, 0),
    handoff: h,
    flat,
    hasBody: format !== 'json',
  };
  if (h.context_manifest) {
    subject.manifestText = h.context_manifest;
    const keyLine = parse.fieldLines?.context_manifest;
    if (keyLine !== undefined) {
      // The block's text starts on the line after the key, unless it is written on the key's line.
      const inline = /^context_manifest[ \t]*:[ \t]*\S/.test(lines[keyLine - 1] ?? '');
      subject.manifestFirstLine = inline ? keyLine : keyLine + 1;
    }
  }
  if (h.content_hash) subject.contentHash = h.content_hash;
  if (h.expires_at) subject.expiresAt = h.expires_at;
  return subject;
}
