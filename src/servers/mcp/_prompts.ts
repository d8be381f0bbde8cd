/**
 * Prompts `handoff` and `resume`: what the Claude Code plugin's /baton:handoff and /baton:resume
 * commands ask of the model, for hosts that offer MCP prompts as slash commands.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { renderBrief, resumeHandoff } from '../../resume/index.js';
import { existingPathInside, handoffPathInside, type ServerContext } from './_context.js';
import { protocolError } from './_errors.js';

const HANDOFF = `Write a baton handoff for the work of this session, so that a fresh context can carry on without the transcript.

Draft it in baton's canonical Markdown: front matter with \`from\` (you) and \`status\` (in-progress, blocked, complete or failed), a \`#\` title, then these sections:
- \`## Goal\`: the original request, verbatim.
- \`## Summary\`: one to five lines on what changed and where things stand.
- \`## Done\`: \`- [x] <what> — verified by \\\`<command>\\\` → pass|fail|unverified\` (only commands you actually ran).
- \`## Remaining\` (unless complete): one \`### <title>\` per piece of work, with \`- Goal: …\`, \`- Files in scope: …\` and \`- Verify by: \\\`<command>\\\`\`.
- \`## Decisions\`: \`- <decision> — because <reason>\`; \`## Dead ends\`: \`- <what was tried> — <why it failed>\`.
- \`## Open concerns\`, \`## Preferences\` (what the user asked for that outlives the task), \`## Files touched\`, \`## Validation\` as they apply.

Then call the \`write_handoff\` tool with the draft. baton fills the id, time, git provenance and content hash, validates it and keeps the previous handoff in history; if it refuses the draft, fix what it names and call it again.`;

/** Registers the handoff and resume prompts. */
export function addPrompts(server: McpServer, ctx: ServerContext): void {
  server.registerPrompt(
    'handoff',
    {
      title: 'Write a handoff',
      description: 'Ask the model to draft a handoff of this session and write it with write_handoff',
      argsSchema: { task: z.string().describe('the task id to record, e.g. TASK-03').optional() },
    },
    ({ task }): GetPromptResult => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: task
              ? `${HANDOFF}\n\nRecord the task as \`${task}\` (the task argument of write_handoff).`
              : HANDOFF,
          },
        },
      ],
    }),
  );

  server.registerPrompt(
    'resume',
    {
      title: 'Resume from the handoff',
      description: "Start from the current handoff's resume brief (validated against the repository now)",
      argsSchema: { path: z.string().describe('the handoff (default .baton/handoff.md)').optional() },
    },
    async ({ path }): Promise<GetPromptResult> => {
      try {
        const file = existingPathInside(ctx, handoffPathInside(ctx, path));
        const result = await resumeHandoff(file, { reverify: false });
        const text = result.ok
          ? `Resume the work from the brief below. Re-verify the claims it lists (run their commands yourself) before relying on them, then carry on with what remains.\n\n${renderBrief(result.brief)}`
          : `There is no brief to resume from: the handoff ${path ?? ''} is ${result.report.verdict}. ${result.report.findings.find((f) => f.verdict === result.report.verdict)?.message ?? ''}`.replace(
              /\s+\./,
              '.',
            );
        return { messages: [{ role: 'user', content: { type: 'text', text } }] };
      } catch (error) {
        throw protocolError(error, ctx.log);
      }
    },
  );
}
