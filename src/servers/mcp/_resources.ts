/** Resources: the current handoff, an archived handoff by id, a run's summary by id. */
import { readFileSync } from 'node:fs';
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { UserError } from '../../errors.js';
import { existingPathInside, handoffPathInside, readStore, type ServerContext } from './_context.js';
import { protocolError } from './_errors.js';

const LIST_LIMIT = 50;
const mimeOf = (format: string) =>
  format === 'json' || format === 'forge' || format === 'phase'
    ? 'application/json'
    : format === 'pipeline-xml'
      ? 'application/xml'
      : 'text/markdown';

/** Registers baton://handoff/current, baton://handoff/{id} and baton://run/{id}. */
export function addResources(server: McpServer, ctx: ServerContext): void {
  const guard: Guard =
    (read) =>
    async (...args) => {
      try {
        return await read(...args);
      } catch (error) {
        throw protocolError(error, ctx.log);
      }
    };
  addCurrentHandoff(server, ctx, guard);
  addArchivedHandoff(server, ctx, guard);
  addRun(server, ctx, guard);
}

// A reader whose errors become JSON-RPC errors (a resource read has no tool result to carry them).
type Guard = <A extends unknown[], R>(read: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

function addCurrentHandoff(server: McpServer, ctx: ServerContext, guard: Guard): void {
  server.registerResource(
    'current-handoff',
    'baton://handoff/current',
    {
      title: 'The current handoff',
      description: 'The handoff in the repository now (.baton/handoff.md unless configured otherwise)',
      mimeType: 'text/markdown',
    },
    guard(async (uri: URL): Promise<ReadResourceResult> => {
      const path = existingPathInside(ctx, handoffPathInside(ctx, undefined));
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: path.endsWith('.json') ? 'application/json' : 'text/markdown',
            text: readFileSync(path, 'utf8'),
          },
        ],
      };
    }),
  );
}

function addArchivedHandoff(server: McpServer, ctx: ServerContext, guard: Guard): void {
  server.registerResource(
    'archived-handoff',
    new ResourceTemplate('baton://handoff/{id}', {
      list: guard(async () => {
        const list = await readStore(ctx, (s) => s.listHandoffs({ limit: LIST_LIMIT }));
        return {
          resources: list.map((h) => ({
            uri: `baton://handoff/${h.id}`,
            name: h.id,
            title: h.title ?? h.id,
            mimeType: mimeOf(h.format),
          })),
        };
      }),
    }),
    {
      title: 'An archived handoff',
      description: 'A handoff archived in the store, by id (or a unique start of it), exactly as archived',
    },
    guard(async (uri, vars) => {
      const id = decodeURIComponent(one(vars.id));
      const stored = await readStore(ctx, (s) => s.getHandoff(id));
      if (!stored)
        throw new UserError('STORE_NOT_FOUND', `no archived handoff has an id starting with "${id}"`);
      return { contents: [{ uri: uri.href, mimeType: mimeOf(stored.format), text: stored.text }] };
    }),
  );
}

function addRun(server: McpServer, ctx: ServerContext, guard: Guard): void {
  server.registerResource(
    'run',
    new ResourceTemplate('baton://run/{id}', {
      list: guard(async () => {
        const runs = await readStore(ctx, (s) => s.listRuns({ limit: LIST_LIMIT }));
        return {
          resources: runs.map((r) => ({
            uri: `baton://run/${r.run_id}`,
            name: r.run_id,
            title: r.summary?.title ?? r.run_id,
            mimeType: 'application/json',
          })),
        };
      }),
    }),
    {
      title: "A run's summary",
      description: 'A recorded run: its summary and what its events add up to',
      mimeType: 'application/json',
    },
    guard(async (uri, vars) => {
      const id = decodeURIComponent(one(vars.id));
      const run = await readStore(ctx, (s) => s.getRun(id));
      if (!run) throw new UserError('RUN_NOT_FOUND', `no recorded run has an id starting with "${id}"`);
      return {
        contents: [
          { uri: uri.href, mimeType: 'application/json', text: `${JSON.stringify(run, null, 2)}\n` },
        ],
      };
    }),
  );
}
