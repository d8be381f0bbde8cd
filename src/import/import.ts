/**
 * `importHandoff`: any handoff an agent wrote — free-form Markdown, JSON, YAML or XML, or one
 * of the formats baton knows — to one canonical handoff, with a report of where every section
 * went. Nothing is lost: what maps to no field is kept in Notes verbatim. Over the caps, the
 * result is still produced (with the cap findings); with `fit`, the oldest entries of an append
 * log are folded into an archive handoff until the result fits.
 */

import { renderBaton } from '../formats/baton/render.js';
import { detect } from '../formats/detect.js';
import { frontMatterValues } from '../formats/grammar/render.js';
import { jsonText } from '../formats/json-text.js';
import { loadCodec } from '../formats/registry.js';
import type { FormatName, ParsedHandoff } from '../formats/types.js';
import type { Finding } from '../handoff/finding.js';
import { emptySections, LIST_KEYS } from '../handoff/types.js';
import { newUlid } from '../handoff/ulid.js';
import { FORBIDDEN_CHAR_RE, HANDOFF_SCHEMA, nowRfc3339 } from '../handoff/values.js';
import { assemble } from './_assemble.js';
import { privacyFindings, provenanceCandidates } from './_findings.js';
import { toSourceLines } from './_lines.js';
import { lostWords } from './_lost.js';
import { collected, type Mapping, mapSections } from './_map.js';
import { readSource } from './_source.js';
import type { Section, SourceDoc } from './_tree.js';
import type { ImportOptions, ImportReport, ImportResult } from './types.js';

const FORBIDDEN_ALL = new RegExp(FORBIDDEN_CHAR_RE.source, 'g');

/** Imports a handoff written in any style; throws a UserError only when data cannot be parsed. */
export async function importHandoff(input: string, options: ImportOptions = {}): Promise<ImportResult> {
  const text = input.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const clean = text.replace(FORBIDDEN_ALL, '\ufffd');
  const findings: Finding[] = [...privacyFindings(clean)];
  if (clean !== text) {
    findings.push({
      verdict: 'INFO',
      code: 'control-char',
      message: 'control characters were replaced with U+FFFD',
    });
  }
  const known = await knownFormat(clean);
  const now = options.now ?? new Date();
  let handoff: ParsedHandoff;
  let mappings: Mapping[];
  let kv: { key: string; value: string; line?: number }[] = [];
  let kind: ImportReport['format'];
  let names: string[] = [];
  let archive: ImportResult['archive'];
  if (known) {
    handoff = known.handoff;
    kind = known.format;
    mappings = Object.entries(handoff)
      .filter(([k, v]) => k !== 'schema' && (Array.isArray(v) ? v.length > 0 : v !== undefined))
      .map(([k, v]) => ({
        source: k,
        field: k === 'notes' ? 'notes' : 'front matter',
        bytes: Buffer.byteLength(typeof v === 'string' ? v : jsonText(v, false)),
      }));
  } else {
    const doc = await readSource(clean, options.name);
    kind = doc.kind;
    // The title is written without its emphasis markers (`__x__` → `x`): its raw form is markup.
    names = [...(doc.names ?? []), ...(doc.title ? [doc.title.raw] : [])];
    const built = build(doc, options, new Set());
    ({ handoff, mappings } = built);
    kv = built.kv;
    if (options.fit) {
      const fitted = await fit(doc, options, built.handoff, now);
      if (fitted) ({ handoff, mappings, archive } = fitted);
    }
  }
  handoff.id ??= newUlid(now.getTime());
  handoff.created_at ??= nowRfc3339(now);
  handoff.schema = HANDOFF_SCHEMA;
  const markdown = renderBaton(handoff);
  // The result's findings name lines of the user's file, not of the rendered text.
  findings.push(...toSourceLines(await resultFindings(markdown), markdown, clean));
  const report = reportOf(
    options.path ?? '<stdin>',
    kind,
    clean,
    handoff,
    mappings,
    findings,
    provenanceCandidates(kv, clean),
  );
  // With --fit the archive holds what was folded out: the check covers both files.
  // Front matter values are compared as read, not as YAML quotes them.
  const values = frontMatterValues(handoff).map(([, v]) => v);
  const output = [markdown, ...values, ...(archive ? [archive.markdown] : [])].join('\n');
  report.textLost = lostWords(clean, output, mappings, names);
  if (archive)
    report.archive = {
      name: options.fit?.archiveName ?? '',
      entries: archive.entries,
      bytes: Buffer.byteLength(archive.markdown),
    };
  return { handoff, markdown, report, ...(archive ? { archive } : {}) };
}

// A file in a format baton reads exactly is imported by its codec.
async function knownFormat(
  text: string,
): Promise<{ format: FormatName; handoff: ParsedHandoff } | undefined> {
  const format = detect(text);
  const canonical =
    /^---\n(?:.*\n)*?schema:\s*['"]?baton\/handoff-v1/.test(text) ||
    /^\s*\{\s*"schema"\s*:\s*"baton\/handoff-v1"/.test(text);
  if ((format === 'baton' || format === 'json') && !canonical) return undefined;
  const parsed = (await loadCodec(format)).parse(text);
  const fatal = parsed.findings.some((f) => f.verdict === 'INVALID' && /^(json|xml)-/.test(f.code));
  return fatal ? undefined : { format, handoff: parsed.handoff };
}

function build(doc: SourceDoc, options: ImportOptions, folded: ReadonlySet<Section>) {
  const out = collected();
  mapSections(doc.sections, out, folded);
  const handoff = assemble(doc, out, { from: options.from, source: options.name });
  return { handoff, mappings: out.mappings, kv: out.kv };
}

/** The canonical rules' findings on the result (a cap over, a sub-spec without Verify by, …). */
async function resultFindings(markdown: string): Promise<Finding[]> {
  const { validateText } = await import('../validate/validate.js');
  const report = await validateText(markdown, { git: false });
  return report.findings.filter((f) => f.verdict !== 'INFO');
}

const isCap = (f: Finding) => f.code.startsWith('cap-') || f.code === 'summary-long';

// Folds the oldest log entries (then the biggest Notes sections) into an archive until it fits.
async function fit(doc: SourceDoc, options: ImportOptions, first: ParsedHandoff, now: Date) {
  if (!(await resultFindings(renderBaton(withIds(first)))).some(isCap)) return undefined;
  const entries = allSections(doc.sections)
    .filter((s) => s.entry && s.entry.order < s.entry.count - 1)
    .sort((a, b) => (a.entry?.order ?? 0) - (b.entry?.order ?? 0));
  // The fewest oldest entries whose folding makes the result fit (binary search: folding more
  // never makes it bigger); all of them when even that is not enough.
  const attempt = async (k: number) => {
    const folded = new Set<Section>(entries.slice(0, k));
    const built = build(doc, options, folded);
    built.handoff.notes = pointer(built.handoff.notes, options.fit?.archiveName ?? '', k);
    const fits = !(await resultFindings(renderBaton(withIds(built.handoff)))).some(isCap);
    return { folded, built, fits };
  };
  let lo = 1;
  let hi = entries.length;
  let best = await attempt(hi);
  while (best.fits && lo < hi) {
    const mid = (lo + hi) >> 1;
    const tried = await attempt(mid);
    if (tried.fits) {
      best = tried;
      hi = mid;
    } else lo = mid + 1;
  }
  const { folded, built } = best;
  if (folded.size === 0) return undefined;
  const archived = [...folded].map(wholeText).join('\n\n');
  const markdown = renderBaton({
    ...built.handoff,
    ...emptySections(),
    id: newUlid(now.getTime()),
    created_at: nowRfc3339(now),
    title: `Archive: ${built.handoff.title ?? 'imported handoff'}`,
    status: 'complete',
    summary: `${folded.size} older entries folded out of ${options.fit?.archiveName ? 'the imported handoff' : 'an import'} by \`baton import --fit\`.`,
    notes: archived,
  });
  return { handoff: built.handoff, mappings: built.mappings, archive: { markdown, entries: folded.size } };
}

function pointer(notes: string | undefined, archive: string, n: number): string {
  const line = `The ${n} oldest entries of the source were folded into ${archive || 'the archive'} (\`baton import --fit\`).`;
  return notes ? `${line}\n\n${notes}` : line;
}

function withIds(h: ParsedHandoff): ParsedHandoff {
  return {
    ...h,
    id: h.id ?? '00000000000000000000000000',
    created_at: h.created_at ?? '2000-01-01T00:00:00Z',
  };
}

function allSections(sections: readonly Section[]): Section[] {
  return sections.flatMap((s) => [s, ...allSections(s.children)]);
}

function wholeText(s: Section): string {
  return s.whole ?? [s.raw, ...s.children.map(wholeText)].filter((t) => t !== '').join('\n\n');
}

function reportOf(
  source: string,
  format: ImportReport['format'],
  text: string,
  h: ParsedHandoff,
  mappings: Mapping[],
  findings: Finding[],
  candidates: ImportReport['provenanceCandidates'],
): ImportReport {
  const notes = mappings.filter((m) => m.field === 'notes').reduce((n, m) => n + m.bytes, 0);
  const mapped = mappings.filter((m) => m.field !== 'notes').reduce((n, m) => n + m.bytes, 0);
  const filled = (['goal', 'summary', ...LIST_KEYS] as const).filter((k) => {
    const v = h[k];
    return Array.isArray(v) ? v.length > 0 : v !== undefined;
  });
  return {
    source,
    format,
    mappings,
    bytes: { source: Buffer.byteLength(text), mapped, notes },
    coverage: mapped + notes === 0 ? 0 : mapped / (mapped + notes),
    fields: filled,
    provenanceCandidates: candidates,
    findings,
    textLost: [],
  };
}
