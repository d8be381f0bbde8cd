/**
 * Conversion between any two formats: parse in one, render in the other, and say what the target
 * could not hold. A content hash (and the signature over it) is kept only while it still matches
 * what a reader of the output would check it against.
 */
import { UserError } from '../errors.js';
import type { Finding } from '../handoff/finding.js';
import { isInFormat, notInFormatMessage } from './_recognise.js';
import { detect } from './detect.js';
import { loadCodec } from './registry.js';
import type { FormatName, ParsedHandoff, RenderLoss } from './types.js';

/** Options of `convertHandoff`. */
export interface ConvertOptions {
  /** The source format; `auto` (the default) recognises it by content. */
  from?: FormatName | 'auto';
  to: FormatName;
}

/** A converted handoff: the text, the formats, and what did not survive. */
export interface ConvertResult {
  text: string;
  from: FormatName;
  to: FormatName;
  handoff: ParsedHandoff;
  /** Fields the target format cannot hold (warnings; errors with `--strict`). */
  losses: RenderLoss[];
  /** What the source's parser noticed (items it could not read are not in the output). */
  findings: Finding[];
}

// Parse failures that leave nothing to convert.
const FATAL = new Set(['json-syntax', 'json-shape', 'xml-syntax', 'xml-shape', 'xml-missing']);

/**
 * Converts `text` to `options.to`; throws a UserError when the source cannot be read at all or is
 * not in the source format (a free-form handoff is `baton import`'s job).
 */
export async function convertHandoff(text: string, options: ConvertOptions): Promise<ConvertResult> {
  const from = !options.from || options.from === 'auto' ? detect(text) : options.from;
  const parse = (await loadCodec(from)).parse(text);
  const fatal = parse.findings.find((f) => f.verdict === 'INVALID' && FATAL.has(f.code));
  if (fatal) {
    throw new UserError(
      'HANDOFF_INVALID',
      `cannot read the ${from} input${fatal.line ? ` (line ${fatal.line})` : ''}: ${fatal.message}`,
    );
  }
  if (!isInFormat(text, from, parse)) {
    throw new UserError('FORMAT_NOT_SOURCE', `cannot convert: ${notInFormatMessage(text, from)}`);
  }
  const target = await loadCodec(options.to);
  let handoff = parse.handoff;
  let out = target.render(handoff);
  const losses = [...out.losses];
  if (handoff.content_hash && !(await hashSurvives(handoff.content_hash, options.to, out.text))) {
    const { content_hash: _hash, signature, ...rest } = handoff;
    handoff = rest as ParsedHandoff;
    out = target.render(handoff);
    losses.push({
      field: 'content_hash',
      message: `dropped${signature ? ' with the signature' : ''}: it is the hash of the source's body, which the ${options.to} output does not reproduce (\`baton write\` anchors it again)`,
    });
  }
  const findings = parse.findings.filter((f) => f.verdict !== 'INFO');
  return { text: out.text, from, to: options.to, handoff, losses, findings };
}

// A hash survives when a reader of the output would find it matching: Markdown formats hash
// their own body; the others are checked as the canonical handoff they read back as.
async function hashSurvives(hash: string, to: FormatName, output: string): Promise<boolean> {
  const { contentHash } = await import('../handoff/hash.js');
  const { bodyOffsetOf } = await import('./markdown.js');
  const body = (md: string) => Buffer.from(md).subarray(bodyOffsetOf(md));
  if (to === 'baton' || to === 'context-kit' || to === 'anchor') return contentHash(body(output)) === hash;
  const back = (await loadCodec(to)).parse(output).handoff;
  return contentHash(body((await loadCodec('baton')).render(back).text)) === hash;
}
