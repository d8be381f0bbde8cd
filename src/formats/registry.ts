/**
 * The codec registry: each codec is loaded only when it is first used. Kept apart from the
 * folder's door so that codecs and `convert` can use it without importing the door back.
 */
import { UserError } from '../errors.js';
import { FORMAT_NAMES } from './names.js';
import type { FormatName, ParsedHandoff, ParseResult, RenderResult } from './types.js';

/** A codec: reads and writes one format. */
export interface Codec {
  name: FormatName;
  parse(text: string, options?: { draft?: boolean }): ParseResult;
  render(handoff: ParsedHandoff): RenderResult;
}

const loaders: Record<FormatName, () => Promise<Codec>> = {
  baton: async () => {
    const [{ parseBaton }, { renderBaton }] = await Promise.all([
      import('./baton/parse.js'),
      import('./baton/render.js'),
    ]);
    return {
      name: 'baton',
      parse: (text) => parseBaton(text),
      render: (h) => ({ text: renderBaton(h), losses: [] }),
    };
  },
  'context-kit': async () => {
    const [{ parseContextKit }, { renderContextKit }] = await Promise.all([
      import('./context-kit/parse.js'),
      import('./context-kit/render.js'),
    ]);
    return { name: 'context-kit', parse: parseContextKit, render: renderContextKit };
  },
  json: async () => {
    const { parseJson, renderJson } = await import('./json/codec.js');
    return { name: 'json', parse: parseJson, render: renderJson };
  },
  anchor: async () => {
    const { parseAnchor, renderAnchor } = await import('./anchor/codec.js');
    return { name: 'anchor', parse: parseAnchor, render: renderAnchor };
  },
  forge: async () => {
    const { parseForge, renderForge } = await import('./forge/codec.js');
    return { name: 'forge', parse: parseForge, render: renderForge };
  },
  phase: async () => {
    const { parsePhase, renderPhase } = await import('./phase/codec.js');
    return { name: 'phase', parse: parsePhase, render: renderPhase };
  },
  'pipeline-xml': async () => {
    const { parsePipelineXml, renderPipelineXml } = await import('./pipeline-xml/codec.js');
    return { name: 'pipeline-xml', parse: parsePipelineXml, render: renderPipelineXml };
  },
};

const cache = new Map<FormatName, Promise<Codec>>();

/** The codec of a format, loaded on first use. */
export function loadCodec(name: FormatName): Promise<Codec> {
  const loader = loaders[name];
  if (!loader) {
    throw new UserError(
      'FORMAT_UNKNOWN',
      `unknown format "${name}"; known formats: ${FORMAT_NAMES.join(', ')}`,
      {
        exitCode: 64,
      },
    );
  }
  let codec = cache.get(name);
  if (!codec) {
    codec = loader();
    cache.set(name, codec);
  }
  return codec;
}

/** Parses `text` in `format`, or in the format `detect()` recognises. */
export async function parseHandoff(text: string, format?: FormatName): Promise<ParseResult> {
  const { detect } = await import('./detect.js');
  const codec = await loadCodec(format ?? detect(text));
  return codec.parse(text);
}

/** Renders a handoff in `format`, with what the format could not hold. */
export async function renderHandoff(handoff: ParsedHandoff, format: FormatName): Promise<RenderResult> {
  return (await loadCodec(format)).render(handoff);
}
