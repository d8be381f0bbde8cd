/** `baton import <file|-> [-o out]`: any handoff an agent wrote, as one canonical handoff. */
import { basename, resolve } from 'node:path';
import { UserError } from '../../errors.js';
import type { ImportReport } from '../../import/index.js';
import { READ_LIMIT } from '../../validate/read.js';
import { writeHandoffFile } from '../../write/replace.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import { readInputText } from '../input.js';
import type { Command } from '../io.js';
import { formatFinding } from '../output.js';

const FLAGS = {
  output: {
    type: 'string',
    short: 'o',
    value: 'file',
    description: 'write the handoff here instead of stdout',
  },
  from: {
    type: 'string',
    value: 'writer',
    description: 'the writer to record (default: the source\'s author, else "import")',
  },
  report: {
    type: 'boolean',
    description:
      'print the mapping: each source section → canonical field, bytes\nmapped vs kept in Notes, provenance candidates and findings',
  },
  json: { type: 'boolean', description: 'print {report, markdown} (with --output: {report}) as JSON' },
  force: {
    type: 'boolean',
    description: 'with --output: replace a VALID handoff even when the import is INVALID',
  },
  fit: {
    type: 'boolean',
    description:
      'when the result is over the caps, fold the oldest appended entries\ninto <out>.archive.md beside the output (needs --output)',
  },
} as const satisfies Record<string, FlagSpec>;

/** The import command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton import <file|-> [-o <out>] [options]

Reads a handoff written in any style — Markdown with any headings (English, Chinese,
Spanish, Russian and more), JSON, YAML or XML, or a format baton knows — and maps it
onto the canonical handoff: headings and keys by synonyms, checkbox lists, tables,
status emoji. What maps to no field is kept under Notes verbatim. Done items are
imported as unverified. Prints canonical Markdown, or writes it atomically to --output.`,
    flags: FLAGS,
    after: `An import with INVALID findings does not replace a handoff at --output that is VALID
now (nothing is written; --force replaces it anyway).

Exit codes: 0 imported (findings are warnings), 1 unreadable input (missing, over
8 MiB, not UTF-8, malformed JSON or YAML) or a VALID handoff not replaced, 64 usage
error.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('import', args, FLAGS);
    if (positionals.length > 1)
      throw new UserError('USAGE', 'import takes one input (see `baton import --help`)');
    if (flags.fit && !flags.output) {
      throw new UserError('USAGE', '--fit writes an archive beside the output: give --output <file>');
    }
    const input = await readInputText(positionals[0], io, 'handoff', READ_LIMIT);
    const out = flags.output ? resolve(io.cwd, flags.output) : undefined;
    const archivePath = out ? `${out.replace(/\.(md|markdown)$/i, '')}.archive.md` : undefined;
    const { importHandoff, refuseInvalidOverValid } = await import('../../import/index.js');
    const result = await importHandoff(input.text, {
      path: input.path,
      name: input.path === '<stdin>' ? undefined : basename(input.path),
      from: flags.from,
      ...(flags.fit && archivePath ? { fit: { archiveName: basename(archivePath) } } : {}),
    });
    if (out) {
      await refuseInvalidOverValid(out, result.report, flags.force === true);
      if (result.archive && archivePath) await writeHandoffFile(archivePath, result.archive.markdown);
      await writeHandoffFile(out, result.markdown);
    }
    if (flags.json) {
      const body = out ? { report: result.report } : { report: result.report, markdown: result.markdown };
      io.stdout(`${JSON.stringify(body, null, 2)}\n`);
      return 0;
    }
    if (flags.report) io.stdout(formatReport(result.report));
    else if (!out) io.stdout(result.markdown);
    // The report lists the findings already: once is enough.
    if (!flags.report) for (const line of findingLines(result.report)) io.stderr(`${line}\n`);
    if (out) {
      const r = result.report;
      io.stderr(
        `imported ${r.format} → ${out} (${percent(r.coverage)} of the text mapped to fields${result.archive ? `; ${result.archive.entries} entries folded into ${archivePath}` : ''})\n`,
      );
    }
    return 0;
  },
};

const percent = (n: number) => `${Math.round(n * 100)}%`;

// One line per finding; a code repeated many times is summarised after its first three.
function findingLines(r: ImportReport): string[] {
  const lines: string[] = [];
  const count = new Map<string, number>();
  for (const f of r.findings) {
    const n = (count.get(f.code) ?? 0) + 1;
    count.set(f.code, n);
    if (n <= 3) lines.push(`warning: ${formatFinding(r.source, f).replace(/^INFO: |^INVALID: /, '')}`);
  }
  for (const [code, n] of count) if (n > 3) lines.push(`warning: ${r.source}: … and ${n - 3} more ${code}`);
  return lines;
}

/** The report as text: one line per mapping, then totals, candidates and findings. */
function formatReport(r: ImportReport): string {
  const out = [`import: ${r.source} (${r.format}, ${r.bytes.source} bytes)`, ''];
  const width = Math.min(60, Math.max(10, ...r.mappings.map((m) => m.source.length)));
  for (const m of r.mappings) {
    const where = m.line ? `:${m.line}` : '';
    out.push(
      `  ${`${m.source}${where}`.padEnd(width + 6)} → ${m.field.padEnd(14)} ${String(m.bytes).padStart(7)} B`,
    );
  }
  out.push(
    '',
    `mapped ${r.bytes.mapped} B to typed fields, ${r.bytes.notes} B kept in Notes (coverage ${percent(r.coverage)})`,
    `fields: ${r.fields.join(', ') || '(none)'}`,
  );
  if (r.archive) out.push(`archive: ${r.archive.entries} entries, ${r.archive.bytes} B in ${r.archive.name}`);
  if (r.provenanceCandidates.length) {
    out.push('', 'provenance candidates (what the source says; never trusted as the current state):');
    for (const c of r.provenanceCandidates)
      out.push(`  ${c.field.padEnd(10)} ${c.value}${c.line ? ` (line ${c.line})` : ''}`);
  }
  if (r.findings.length) {
    out.push('', 'findings:');
    for (const f of r.findings) out.push(`  ${formatFinding(r.source, f)}`);
  }
  return `${out.join('\n')}\n`;
}
