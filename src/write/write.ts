/**
 * `write`: turns a draft into a handoff: fills id, time, provenance and content hash, validates,
 * then writes atomically. An existing handoff is never lost: it moves to `.baton/history/` and
 * the new one names it as `parent`.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { UserError } from '../errors.js';
import { detect } from '../formats/detect.js';
import { loadCodec } from '../formats/index.js';
import type { FormatName, ParsedHandoff, ParseResult } from '../formats/types.js';
import type { CurrentRole } from '../governance/classes.js';
import { type Finding, finding, type Verdict } from '../handoff/finding.js';
import { contentHash } from '../handoff/hash.js';
import { type Handoff, PROVENANCE_KEYS, type Provenance } from '../handoff/types.js';
import { newUlid } from '../handoff/ulid.js';
import { DEFAULT_LIMITS, HANDOFF_SCHEMA, type Limits, nowRfc3339 } from '../handoff/values.js';
import { type Capture, captureProvenance } from '../provenance/capture.js';
import type { GitAnswers } from '../provenance/index.js';
import type { Store } from '../store/types.js';
import { decodeUtf8, READ_LIMIT } from '../validate/read.js';
import { EXIT_CODES, verdictOf } from '../validate/report.js';
import { validateText } from '../validate/validate.js';
import { capAdvice } from './caps.js';
import { type PreviousHandoff, peekHandoff, replaceHandoff } from './replace.js';
import { sameButStamps } from './same.js';

/** Options of `writeHandoff`. */
export interface WriteOptions {
  /**
   * Where to write (absolute), as the user named it: symlinks on it are followed only while they
   * stay inside the repository.
   */
  path: string;
  /** The draft: canonical Markdown, context-kit Markdown, or JSON. */
  draft: string | Uint8Array;
  /** Format to write (default `baton`). */
  format?: 'baton' | 'context-kit';
  /** Fields given on the command line; they win over the draft's. */
  fields?: Partial<Pick<Handoff, 'from' | 'to' | 'task' | 'status' | 'title' | 'parent' | 'window'>>;
  /** Base ref for the provenance (default: the draft's, else upstream/origin/HEAD/default branch). */
  baseRef?: string;
  /** Capture git provenance (default true). */
  git?: boolean;
  now?: Date;
  limits?: Partial<Limits>;
  /** The writer's role as the run engine declared it (`BATON_ROLE`): a class it may not write is refused. */
  role?: CurrentRole;
  /**
   * Write nothing when the handoff there now says the same (`sameButStamps`: every line but its
   * id, time, parent and content hash, provenance included): a hook that runs twice for one
   * event then leaves one handoff, not two with the first in history.
   */
  unlessUnchanged?: boolean;
  /** A long-lived process's git answers (the servers'): the provenance asked for off the event loop. */
  gitAnswers?: GitAnswers;
  /**
   * Opens the store the replaced handoff is kept in, with the verdict it has now (the adapter
   * says where its store is); the write says so in a note. Without it the replaced handoff is
   * only moved to history.
   */
  keepReplacedIn?: () => Promise<Store>;
}

/**
 * What `writeHandoff` did, or why it refused, with the decision made once for every adapter:
 * `verdict` is validate's word for the handoff, `exitCode` what the CLI exits with, and a
 * refusal's `code` the error an adapter throws (`VERDICT_REFUSED` only when governance alone
 * refused it; INVALID outranks UNTRUSTED, as in validate).
 */
export type WriteResult =
  | {
      ok: true;
      path: string;
      handoff: Handoff;
      text: string;
      /** Where the handoff that was replaced now lives. */
      archived?: string;
      /** True when nothing was written: the handoff there already said the same (`unlessUnchanged`); `handoff` is that one. */
      unchanged?: true;
      notes: string[];
      /** Validate's verdict of the written text (UNTRUSTED for a policy that waits for approval). */
      verdict: Verdict;
      /** 0: written. */
      exitCode: 0;
    }
  | {
      ok: false;
      path: string;
      findings: Finding[];
      advice: string[];
      verdict: Exclude<Verdict, 'VALID'>;
      /** The verdict's exit code (1 INVALID, 4 UNTRUSTED). */
      exitCode: number;
      code: 'HANDOFF_INVALID' | 'VERDICT_REFUSED';
    };

/** Writes a handoff from a draft; refuses (without writing anything) when it would be invalid. */
export async function writeHandoff(options: WriteOptions): Promise<WriteResult> {
  if (existsSync(options.path) && statSync(options.path).isDirectory()) {
    throw new UserError(
      'FILE_IS_DIRECTORY',
      `${options.path} is a folder; give the path of the handoff file to write`,
    );
  }
  const draftText = typeof options.draft === 'string' ? options.draft : decodeUtf8(options.draft);
  if (draftText === undefined) {
    return refuse(options.path, [finding('INVALID', 'not-utf8', 'the draft is not valid UTF-8 text')]);
  }
  const draftFormat: FormatName = detect(draftText);
  const codec = await loadCodec(draftFormat);
  const parsed = draftFormat === 'json' ? codec.parse(draftText, { draft: true }) : codec.parse(draftText);
  const syntax = parsed.findings.filter((f) => f.verdict !== 'INFO' && !fillable(f, draftFormat));
  if (syntax.length > 0) return refuse(options.path, syntax);

  // The previous handoff is read, named as parent and moved to history under one lock, so writers
  // at once keep each other's. The slow part (git, render, validate, scan) runs before the lock,
  // against the handoff there now, and again under it only when another writer replaced that one
  // meanwhile. Peeking first also refuses a path that leads out of the repository before git runs.
  const seen = await peekHandoff(options.path);
  const notes: string[] = [];
  const provenance = await provenanceFor(options, parsed.handoff, notes);
  const context = { provenance, notes };
  const source = { text: draftText, parsed };
  let outcome = await compose(source, seen, options, context);
  if (!outcome.ok) return outcome;
  let kept: WriteResult | undefined;
  const replaced = await replaceHandoff(options.path, async (previous) => {
    if (parentKey(previous) !== parentKey(seen)) outcome = await compose(source, previous, options, context);
    if (!outcome.ok) return undefined;
    kept = options.unlessUnchanged ? unchanged(previous, outcome) : undefined;
    return kept ? undefined : outcome.text;
  });
  if (kept) return kept;
  if (!outcome.ok || !replaced) return outcome;
  if (replaced.archived && options.keepReplacedIn) {
    // The handoff it replaced is evidence too. The write itself stands whatever the store says.
    const { keepReplaced } = await import('../archive/archive.js');
    outcome.notes.push(await keepReplaced(replaced.archived, options.keepReplacedIn, options.gitAnswers));
  }
  return { ...outcome, path: replaced.path, ...(replaced.archived ? { archived: replaced.archived } : {}) };
}

// The handoff the draft becomes, given the one it replaces: filled, rendered and validated.
async function compose(
  source: { text: string; parsed: ParseResult },
  previous: PreviousHandoff | undefined,
  options: WriteOptions,
  context: { provenance: Provenance | undefined; notes: readonly string[] },
): Promise<WriteResult> {
  const draft = source.parsed.handoff;
  const { provenance } = context;
  const notes = [...context.notes];
  const format = options.format ?? 'baton';
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const target = options.path;
  const h: ParsedHandoff = {
    ...draft,
    ...definedOnly(options.fields ?? {}),
    schema: HANDOFF_SCHEMA,
    id: newUlid((options.now ?? new Date()).getTime()),
    created_at: nowRfc3339(options.now),
  };
  delete h.content_hash;
  delete h.signature;
  if (h.context_manifest) {
    // An approval covers exact text; what baton writes now is new text, so it is not approved.
    const { withoutApproval } = await import('../governance/approve.js');
    const stripped = await withoutApproval(h.context_manifest);
    if (stripped !== h.context_manifest) {
      h.context_manifest = stripped;
      notes.push(
        "the draft's approval (approved_by, content_hash, signature) was removed: approve the written handoff again",
      );
    }
  }
  if (previous?.id && !options.fields?.parent && !draft.parent) h.parent = previous.id;
  if (previous && !previous.raw) {
    notes.push(
      `the handoff there could not be read (${previous.size > READ_LIMIT ? `${previous.size} bytes, over the read limit` : 'no permission'}): it was moved to history as it is, and is not named as parent`,
    );
  }
  h.title ??= h.task ? `Handoff: ${h.task}` : 'Handoff';
  if (!h.status) {
    // A draft is work in progress unless it says otherwise; say so, since it is a guess.
    h.status = 'in-progress';
    notes.push('status: in-progress (the default: the draft gave none; --status or status: in the draft)');
  }

  delete h.provenance;
  if (provenance) h.provenance = provenance;

  const text = await renderWithHash(h, format);
  const report = await validateText(text, {
    format,
    git: false,
    path: target,
    limits,
    ...(options.role ? { role: options.role } : {}),
  });
  // Approval comes after writing (`baton approve` signs the written text), so a policy draft is
  // written; validate calls it UNTRUSTED until a trusted key approves it.
  const problems = report.findings.filter((f) => f.verdict !== 'INFO' && f.code !== 'approval-required');
  if (problems.length > 0) {
    // The findings are about the rendered text; the user reads their own draft's lines.
    const { findingsOnDraft, mapRenderedLines } = await import('../formats/line-map.js');
    const rendered = (await loadCodec(format)).parse(text);
    const onDraft = findingsOnDraft(problems, mapRenderedLines(source.text, source.parsed, text, rendered));
    return refuse(target, onDraft, capAdvice(text, problems, limits));
  }
  return { ok: true, path: target, handoff: h as Handoff, text, notes, verdict: report.verdict, exitCode: 0 };
}

// The handoff there now, as the result, when the new one would say the same (read as text; its
// parse is the one `replaceHandoff` made of it).
function unchanged(
  previous: PreviousHandoff | undefined,
  outcome: Extract<WriteResult, { ok: true }>,
): WriteResult | undefined {
  const text = previous?.raw ? decodeUtf8(previous.raw) : undefined;
  if (text === undefined || !previous?.handoff || !sameButStamps(text, outcome.text)) return undefined;
  return {
    ...outcome,
    handoff: previous.handoff as Handoff,
    text,
    notes: [...outcome.notes, 'unchanged: nothing written'],
    unchanged: true,
  };
}

// What of the previous handoff the new one depends on: its id (the parent) and whether it was read.
function parentKey(previous: PreviousHandoff | undefined): string {
  return previous ? `${previous.id ?? ''}|${previous.raw ? 'read' : 'unread'}` : 'none';
}

const FILLED = new Set(['schema', 'id', 'created_at', 'generated_at', 'content_hash', 'signature']);

// A draft may leave out (or get wrong) what baton fills in: front matter, ids, time, provenance.
// A context-kit draft is judged by what it renders to, not by context-kit's layout rules.
function fillable(f: Finding, format: FormatName): boolean {
  if (format === 'context-kit') return true;
  return (
    f.code === 'front-matter-missing' ||
    f.code === 'provenance-partial' ||
    (f.code === 'field-missing' && f.field === 'status') ||
    (f.field !== undefined && (FILLED.has(f.field) || (f.code === 'field-value' && isProvenanceKey(f.field))))
  );
}

function isProvenanceKey(key: string): boolean {
  return (PROVENANCE_KEYS as readonly string[]).includes(key);
}

// A refusal is never VALID: whatever refused it counts, by validate's precedence.
function refuse(path: string, findings: Finding[], advice: string[] = []): WriteResult {
  const worst = verdictOf(findings);
  const verdict = worst === 'VALID' ? 'INVALID' : worst;
  const code = verdict === 'INVALID' ? 'HANDOFF_INVALID' : 'VERDICT_REFUSED';
  return { ok: false, path, findings, advice, verdict, exitCode: EXIT_CODES[verdict], code };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// Git provenance of the work tree the handoff is written in (undefined with --no-git or outside git).
async function provenanceFor(
  options: WriteOptions,
  draft: ParsedHandoff,
  notes: string[],
): Promise<Provenance | undefined> {
  let provenance: Provenance | undefined;
  if (options.git !== false) {
    const baseRef = options.baseRef ?? draft.provenance?.base_ref;
    const capture = await captureFor(options.path, baseRef, notes, options.gitAnswers);
    if (capture) provenance = complete(capture, options.baseRef);
  }
  if (options.format === 'context-kit' && !provenance) {
    throw new UserError(
      'FORMAT_CANNOT_HOLD',
      'the context-kit format needs git provenance, and there is none here',
      {
        hint: 'write it inside a git repository, or write the canonical format (--format baton)',
      },
    );
  }
  return provenance;
}

async function captureFor(
  target: string,
  baseRef: string | undefined,
  notes: string[],
  answers: GitAnswers | undefined,
): Promise<Capture | undefined> {
  const options = { ...(baseRef ? { baseRef } : {}), exclude: [target] };
  try {
    return answers
      ? await answers.capture(dirname(target), options)
      : captureProvenance(dirname(target), options);
  } catch (error) {
    if ((error as { code?: string }).code === 'PROVENANCE_NOT_A_REPO') {
      notes.push('not inside a git repository: written without provenance');
      return undefined;
    }
    throw error;
  }
}

function complete(capture: Capture, explicitBase: string | undefined): Provenance {
  const c = capture.current;
  if (!c.head) {
    throw new UserError(
      'PROVENANCE_NO_COMMITS',
      'the repository has no commits yet, so there is no HEAD to anchor to',
      {
        hint: 'commit once before writing a handoff, or pass --no-git to write one without provenance',
      },
    );
  }
  if (!c.base_ref || !c.base_commit) {
    const why = capture.notes.find((n) => n.includes('base')) ?? 'no base ref was found';
    throw new UserError('PROVENANCE_BASE_REF_MISSING', `cannot record the base: ${why}`, {
      hint: explicitBase ? 'check the name given to --base-ref' : 'name the base with --base-ref <ref>',
    });
  }
  if (!capture.provenance) {
    throw new UserError('PROVENANCE_GIT_FAILED', `incomplete provenance: ${capture.notes.join('; ')}`);
  }
  return capture.provenance;
}

async function renderWithHash(h: ParsedHandoff, format: 'baton' | 'context-kit'): Promise<string> {
  const codec = await loadCodec(format);
  const draft = codec.render(h).text;
  const { bodyOffsetOf } = await import('../formats/markdown.js');
  const body = Buffer.from(draft).subarray(bodyOffsetOf(draft));
  h.content_hash = contentHash(body);
  return codec.render(h).text;
}
