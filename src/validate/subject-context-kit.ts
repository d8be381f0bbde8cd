/**
 * The validation subject of a context-kit artifact: context-kit's structural rules alone, so
 * that `validate --format context-kit` loads a fraction of baton.
 */
import { FLAT_FIELDS } from '../governance/manifest.js';
import type { Provenance } from '../handoff/types.js';
import { PROVENANCE_KEYS } from '../handoff/types.js';
import type { Subject } from './subject-types.js';

/** Reads a context-kit artifact by context-kit's rules; the full model only when asked for. */
export async function readContextKitSubject(text: string, withHandoff: boolean): Promise<Subject> {
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
    bodyOffset: async () => (await import('../formats/markdown.js')).bodyOffsetOf(text),
    items: check.sections.reduce(
      (n, s) => n + s.lines.filter((l) => /^(?:[-*+] |\d+[.)] )/.test(l.text)).length,
      0,
    ),
    flat: Object.fromEntries(
      FLAT_FIELDS.flatMap((k) => {
        const v = f.get(k);
        return v === undefined ? [] : [[k, v]];
      }),
    ),
    hasBody: true,
  };
  const hash = f.get('content_hash');
  if (hash) subject.contentHash = hash;
  const expires = f.get('expires_at');
  if (expires) subject.expiresAt = expires;
  if (withHandoff) {
    const { loadCodec } = await import('../formats/index.js');
    const parse = (await loadCodec('context-kit')).parse(text);
    subject.handoff = parse.handoff;
    subject.findings = parse.findings;
  }
  return subject;
}
