/** The tools that turn other text into a draft handoff: import_handoff and compile_transcript. */
import { basename } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { UserError } from '../../errors.js';
import { relativeInside } from '../../fs/inside.js';
import { hostTranscriptFolders } from '../../transcripts/folders.js';
import { decodeUtf8, readArtifact } from '../../validate/index.js';
import { existingPathInside, type ServerContext } from './_context.js';
import { library } from './_library.js';
import { transcriptPath } from './_schemas.js';
import { addTool } from './_tool.js';
import { loadCompiler } from './_transcripts.js';

const draftOutput = {
  markdown: z
    .string()
    .describe('the draft: canonical Markdown without provenance (write it with write_handoff)'),
  report: z.looseObject({}).describe('what was read and how it was mapped'),
};

/** Registers import_handoff and compile_transcript. */
export function addImportTools(server: McpServer, ctx: ServerContext): void {
  addImportTool(server, ctx);
  addCompileTool(server, ctx);
}

function addImportTool(server: McpServer, ctx: ServerContext): void {
  addTool(
    server,
    ctx,
    'import_handoff',
    {
      title: 'Import a free-form handoff',
      description:
        'Maps a handoff written in any style (Markdown with any headings, JSON, YAML, XML, or a format baton knows) onto the canonical sections and returns the draft and the mapping report; what maps to no field is kept under Notes. Give the text or a path, not both. Nothing is written.',
      input: {
        text: z
          .string()
          .min(1)
          .max(8 * 1024 * 1024)
          .describe('the handoff text')
          .optional(),
        path: transcriptPath('a handoff file to read').optional(),
      },
      output: draftOutput,
    },
    async (args) => {
      if ((args.text === undefined) === (args.path === undefined)) {
        throw new UserError('USAGE', 'give import_handoff either text or path, not both and not neither');
      }
      let text = args.text ?? '';
      let path: string | undefined;
      if (args.path !== undefined) {
        path = existingPathInside(ctx, args.path, hostTranscriptFolders(ctx.env));
        text = readText(path);
      }
      const { importHandoff } = await library.importer();
      const result = await importHandoff(text, {
        ...(path ? { path: shown(ctx.root, path), name: basename(path) } : {}),
      });
      const r = result.report;
      return {
        data: { markdown: result.markdown, report: r },
        text: `imported ${r.format}: ${Math.round(r.coverage * 100)}% mapped to fields (${r.fields.join(', ') || 'none'}); ${r.findings.length} findings`,
      };
    },
  );
}

function addCompileTool(server: McpServer, ctx: ServerContext): void {
  addTool(
    server,
    ctx,
    'compile_transcript',
    {
      title: 'Compile a session transcript',
      description:
        'Compiles a Claude Code session JSONL or a Codex rollout JSONL into a draft handoff, deterministically and without a model: goal, files touched, checks run, done and remaining work. Nothing is written.',
      input: { path: transcriptPath('the transcript (.jsonl)') },
      output: draftOutput,
    },
    async (args) => {
      const path = existingPathInside(ctx, args.path, hostTranscriptFolders(ctx.env));
      const compile = await loadCompiler();
      const result = await compile(path, ctx.root);
      return {
        data: result,
        text: `compiled ${shown(ctx.root, path)} into a draft of ${result.markdown.length} characters`,
      };
    },
  );
}

// A path inside the repository relative to it; one in a host's transcript folder as it is.
function shown(root: string, path: string): string {
  return relativeInside(root, path) ?? path;
}

function readText(path: string): string {
  const read = readArtifact(path);
  if (!read.ok)
    throw new UserError(read.directory ? 'FILE_IS_DIRECTORY' : 'FILE_UNREADABLE', read.finding.message);
  const text = decodeUtf8(read.raw);
  if (text === undefined) throw new UserError('FILE_NOT_UTF8', `${path} is not UTF-8 text`);
  return text;
}
