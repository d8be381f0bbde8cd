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
