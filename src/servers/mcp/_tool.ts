/** Registering a tool: input and output schemas, the result as structured content plus a short text. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ServerContext } from './_context.js';
import { toolError } from './_errors.js';

/** What a tool is: its names, what it takes and what it gives. */
export interface ToolSpec<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  title: string;
  description: string;
  input: I;
  output: O;
  /** True for tools that change nothing (the default); false for those that write. */
  readOnly?: boolean;
  /** True for tools whose success can change the resources listed (a write, an archive). */
  changesResources?: boolean;
}

// The tools registered on each server, for the request check (_requests.ts).
const NAMES = new WeakMap<McpServer, Set<string>>();

/** The names of the tools registered on `server` with `addTool`. */
export function toolNamesOf(server: McpServer): ReadonlySet<string> {
  return NAMES.get(server) ?? new Set();
}

/**
 * A tool's answer: the data and a short text for the agent. The SDK checks the data against the
 * output schema on every call (library types carry no index signature, so the check is at run time).
 */
export interface ToolAnswer {
  data: object;
  text: string;
}

/** Registers `name`; whatever the handler throws becomes a tool error, and the server keeps serving. */
export function addTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  server: McpServer,
  ctx: ServerContext,
  name: string,
  spec: ToolSpec<I, O>,
  run: (args: z.output<z.ZodObject<I>>) => Promise<ToolAnswer>,
): void {
  const readOnly = spec.readOnly ?? true;
  NAMES.set(server, new Set([...toolNamesOf(server), name]));
  server.registerTool(
    name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: z.object(spec.input),
      outputSchema: z.looseObject(spec.output),
      annotations: {
        readOnlyHint: readOnly,
        destructiveHint: false,
        idempotentHint: readOnly,
        openWorldHint: false,
      },
    },
    async (args: unknown) => {
      try {
        const answer = await run(args as z.output<z.ZodObject<I>>);
        // The resources capability says listChanged: a client that lists them hears of it.
        if (spec.changesResources) void server.sendResourceListChanged();
        return {
          structuredContent: answer.data as Record<string, unknown>,
          content: [{ type: 'text' as const, text: answer.text }],
        };
      } catch (error) {
        return toolError(error, ctx.log);
      }
    },
  );
}
