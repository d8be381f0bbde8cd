/**
 * The validation subject of a handoff read by a codec: parse, then the canonical rules (for the
 * canonical formats) or the rules `rulesFor` picks (for the formats baton translates from).
 */
import { loadCodec } from '../formats/index.js';
import type { FormatName } from '../formats/types.js';
import { FLAT_FIELDS } from '../governance/manifest.js';
import { type Finding, finding } from '../handoff/finding.js';
import { DEFAULT_LIMITS, type Limits } from '../handoff/values.js';
import { rulesFor } from './rules.js';
import type { Subject, SubjectOptions } from './subject-types.js';

/** Reads an artifact in `format` and applies the rules of its format. */
export async function readCanonicalSubject(
  text: string,
  format: FormatName,
  options: SubjectOptions,
): Promise<Subject> {
  const codec = await loadCodec(format);
  const parse = codec.parse(text);
  const findings = [...parse.findings];
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  // The rules read Markdown: a handoff in another format is checked as the canonical Markdown it
  // renders to, and line numbers of that rendering mean nothing in the artifact, so they go.
  const markdown = format === 'baton' || format === 'anchor';
  let ruled = parse;
  let md = text;
  if (!markdown) {
    const baton = await loadCodec('baton');
    md = baton.render(parse.handoff).text;
    ruled = { ...baton.parse(md), handoff: parse.handoff };
  }
  const lines = md.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const add = (f: Finding) => {
    if (!markdown) delete f.line;
    findings.push(f);
  };
  // Counting the bytes of a long text costs more than parsing parts of it: use the caller's count.
  const bytes = md === text && options.bytes !== undefined ? options.bytes : Buffer.byteLength(md);
  for (const rule of rulesFor(format)) {
    rule.check({ parse: ruled, text: md, lines, bytes, limits, add });
  }
  const h = parse.handoff;
  const hashable = format === 'baton' || format === 'anchor';
  if (h.content_hash && !hashable && format !== 'json') {
    findings.push(
      finding(
        'INFO',
        'content-hash-unchecked',
        `content_hash is the hash of a Markdown body; a ${format} artifact has none to check it against`,
      ),
    );
  }
  const flat: Record<string, string> = {};
  for (const key of FLAT_FIELDS) {
    const v = key === 'head' ? h.provenance?.head : h[key];
    if (v !== undefined) flat[key] = String(v);
  }
  const subject: Subject = {
    format,
    findings,
    provenance: { ...h.provenance },
    fieldLines: markdown ? (parse.fieldLines ?? {}) : {},
    bodyOffset: async () => (hashable ? parse.bodyOffset : undefined),
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
