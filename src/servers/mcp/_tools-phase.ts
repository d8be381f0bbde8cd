/** Seed 002's phase handoffs as tools: save_phase_handoff and load_phase_handoff. */
import { relative } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { PHASE_NAME } from '../../phases/types.js';
import { type ServerContext, storeOptions } from './_context.js';
import { library } from './_library.js';
import { addTool } from './_tool.js';

const phase = (what: string) => z.string().regex(PHASE_NAME).describe(what);

const phaseHandoff = {
  fromPhase: phase('the phase that ends, e.g. plan'),
  toPhase: phase('the phase that starts, e.g. build'),
  summary: z.string().min(1).max(20_000).describe('what the phase decided and where things stand'),
  evidence: z
    .record(z.string(), z.unknown())
    .describe('one entry per piece of evidence: claim → where or how it was found'),
  openIssues: z.array(z.string()).describe('what is still open'),
  userPreferences: z.array(z.string()).describe('what the user asked for that outlives the phase'),
  decisionsMade: z
    .array(
      z.union([
        z.string(),
        z.looseObject({
          decision: z.string(),
          reason: z.string().optional(),
          rationale: z.string().optional(),
        }),
      ]),
    )
    .describe('decisions, as "<decision> — because <reason>" or {decision, reason}')
    .optional(),
};

/** Registers save_phase_handoff and load_phase_handoff. */
export function addPhaseTools(server: McpServer, ctx: ServerContext): void {
  addSaveTool(server, ctx);
  addLoadTool(server, ctx);
}

function addSaveTool(server: McpServer, ctx: ServerContext): void {
  addTool(
    server,
    ctx,
    'save_phase_handoff',
    {
      title: 'Save the handoff to the next phase',
      description:
        "Call this as the last action of a phase: the PhaseHandoff (decisions, evidence, open issues, the user's preferences) is validated, written as a canonical handoff to .baton/phases/<toPhase>.md (the previous one kept in history) and archived in the store. The next phase starts from it instead of the transcript.",
      input: phaseHandoff,
      output: {
        path: z.string(),
        id: z.string(),
        history: z.string().optional(),
        archive: z.looseObject({ status: z.enum(['stored', 'unchanged', 'refused', 'skipped']) }),
        notes: z.array(z.string()),
      },
      readOnly: false,
      changesResources: true,
    },
    async (args) => {
      const [{ savePhaseHandoff }, { openStore }] = await Promise.all([library.phases(), library.store()]);
      const result = await savePhaseHandoff(args, {
        root: ctx.root,
        role: ctx.role,
        store: () => openStore(storeOptions(ctx, true)),
        gitAnswers: ctx.git,
      });
      const data = {
        path: relative(ctx.root, result.path),
        id: result.handoff.id,
        archive: result.archive,
        notes: result.notes,
        ...(result.history ? { history: relative(ctx.root, result.history) } : {}),
      };
      const archived =
        result.archive.status === 'refused'
          ? `not archived (${result.archive.verdict})`
          : `archive: ${result.archive.status}`;
      return {
        data,
        text: `saved the ${args.fromPhase} → ${args.toPhase} handoff to ${data.path} (id ${data.id}); ${archived}`,
      };
    },
  );
}

function addLoadTool(server: McpServer, ctx: ServerContext): void {
  addTool(
    server,
    ctx,
    'load_phase_handoff',
    {
      title: 'Load the context from the previous phase',
      description:
        "The handoff into a phase as the text an orchestrator puts in the next agent's system prompt: the previous phase's summary, decisions, evidence, open issues and the user's preferences, quoted as data. Refused when the handoff is INVALID, MISMATCH or UNTRUSTED.",
      input: { phase: phase('the phase that starts, e.g. build') },
      output: {
        phase: z.string(),
        path: z.string(),
        id: z.string().optional(),
        verdict: z.enum(['VALID', 'STALE']),
        handoff: z.looseObject(phaseHandoff),
        text: z.string(),
      },
    },
    async (args) => {
      const { loadPhaseHandoff } = await library.phases();
      const result = await loadPhaseHandoff(args.phase, { root: ctx.root, gitAnswers: ctx.git });
      return { data: { ...result, path: relative(ctx.root, result.path) }, text: result.text };
    },
  );
}
