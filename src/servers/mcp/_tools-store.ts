/** The tools that read what is kept: search_handoffs, show_handoff, and load_context (the boot context). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { UserError } from '../../errors.js';
import type { FormatName } from '../../formats/index.js';
import { readStore, type ServerContext } from './_context.js';
import { library } from './_library.js';
import { formatName, storedSummary } from './_schemas.js';
import { addTool } from './_tool.js';

const LIMIT = 20;

/** Registers search_handoffs, show_handoff and load_context. */
export function addStoreTools(server: McpServer, ctx: ServerContext): void {
  addSearchTool(server, ctx);
  addShowTool(server, ctx);
  addContextTool(server, ctx);
}

function addSearchTool(server: McpServer, ctx: ServerContext): void {
  addTool(
    server,
    ctx,
    'search_handoffs',
    {
      title: 'Search archived handoffs',
      description:
        'Full-text search over the handoffs archived in the store, best match first, each with the line that matched. Every word must match (case and accents ignored); "a phrase", pars* (prefix) and -word (exclude) work as in `baton search`.',
      input: {
        query: z.string().min(1).max(1000).describe('the words to find'),
        limit: z.number().int().min(1).max(500).describe(`at most this many (default ${LIMIT})`).optional(),
        task: z.string().min(1).max(200).describe("only this task's handoffs").optional(),
      },
      output: { hits: z.array(z.looseObject({ handoff: storedSummary, snippet: z.string() })) },
    },
    async (args) => {
      const filter = { limit: args.limit ?? LIMIT, ...(args.task ? { task: args.task } : {}) };
      const hits = await readStore(ctx, (store) => store.searchHandoffs(args.query, filter));
      const lines = hits.map((h) => `${h.handoff.id}  ${h.handoff.title ?? '(untitled)'}: ${h.snippet}`);
      return { data: { hits }, text: hits.length ? lines.join('\n') : 'no archived handoff matches' };
    },
  );
}

function addShowTool(server: McpServer, ctx: ServerContext): void {
  addTool(
    server,
    ctx,
    'show_handoff',
    {
      title: 'Show an archived handoff',
      description:
        'The archived handoff with this id (or the only one whose id starts with it): its text exactly as archived, or rendered in another format with what that format cannot hold.',
      input: {
        id: z.string().min(1).max(100).describe('the handoff id or a unique start of it'),
        format: formatName.describe('render in this format (default: as archived)').optional(),
      },
      output: {
        handoff: storedSummary,
        format: z.string(),
        text: z.string(),
        losses: z.array(z.looseObject({ field: z.string(), message: z.string() })),
      },
    },
    async (args) => {
      return readStore(ctx, async (store) => {
        const stored = await store.getHandoff(args.id);
        if (!stored) {
          throw new UserError('STORE_NOT_FOUND', `no archived handoff has an id starting with "${args.id}"`);
        }
        const { text, ...summary } = stored;
        const { renderStoredHandoff } = await library.archive();
        const rendered = await renderStoredHandoff(stored, args.format as FormatName | undefined);
        const data = {
          handoff: summary,
          format: args.format ?? stored.format,
          text: rendered.text,
          losses: rendered.losses,
        };
        return { data, text: rendered.text };
      });
    },
  );
}

function addContextTool(server: McpServer, ctx: ServerContext): void {
  addTool(
    server,
    ctx,
    'load_context',
    {
      title: 'Load the boot context',
      description:
        "What an agent boots from (AGENTS.md, CLAUDE.md, NEXT_AGENT_INIT.md, .baton/context/, .baton/handoff.md, and the config's context.paths), each artifact judged and labelled binding (approved policy), advisory or quarantined, with its reasons and provenance. The text is the bundle with every artifact wrapped as data.",
      input: {},
      output: {
        root: z.string(),
        counts: z.looseObject({ binding: z.number(), advisory: z.number(), quarantined: z.number() }),
        trustedKeys: z.array(z.looseObject({ name: z.string(), fingerprint: z.string() })),
        problems: z.array(z.string()),
        artifacts: z.array(
          z.looseObject({
            path: z.string(),
            label: z.string(),
            class: z.string(),
            reasons: z.array(z.string()),
          }),
        ),
      },
    },
    async () => {
      const { loadContext, renderBundle } = await library.governance();
      const bundle = await loadContext({ root: ctx.root, gitAnswers: ctx.git });
      return { data: bundle, text: renderBundle(bundle) };
    },
  );
}
