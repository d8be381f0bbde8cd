/** The tools over one handoff file: write, validate, resume. Each calls one library function. */
import { relative } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { UserError } from '../../errors.js';
import type { Finding } from '../../handoff/finding.js';
import { STATUSES } from '../../handoff/values.js';
import { reportAsJson, validatePaths } from '../../validate/index.js';
import { existingPathInside, handoffPathInside, type ServerContext, storeOptions } from './_context.js';
import { library } from './_library.js';
import { findingSchema, formatOrAuto, repoPath, reportShape, verdict } from './_schemas.js';
import { addTool } from './_tool.js';

const findingLines = (findings: readonly Finding[], max = 5) => {
  const shown = findings.filter((f) => f.verdict !== 'INFO').slice(0, max);
  return shown.map((f) => `${f.verdict}: ${f.line ? `line ${f.line}: ` : ''}${f.message}`);
};

/** Registers write_handoff, validate_handoff and resume_handoff. */
export function addHandoffTools(server: McpServer, ctx: ServerContext): void {
  const rel = (path: string) => relative(ctx.root, path) || path;
  addWriteTool(server, ctx, rel);
  addValidateTool(server, ctx, rel);
  addResumeTool(server, ctx, rel);
}

type Rel = (path: string) => string;

function addWriteTool(server: McpServer, ctx: ServerContext, rel: Rel): void {
  addTool(
    server,
    ctx,
    'write_handoff',
    {
      title: 'Write a handoff',
      description:
        "Writes a handoff from a draft (canonical Markdown, context-kit Markdown or handoff JSON): fills id, time, git provenance and content hash, validates it, and writes it atomically (default .baton/handoff.md). The handoff already there is kept in .baton/history/ and becomes the new one's parent. A draft that is not a valid handoff is refused and nothing is written.",
      input: {
        draft: z
          .string()
          .min(1)
          .max(8 * 1024 * 1024)
          .describe('the draft handoff text'),
        path: repoPath('where to write (default .baton/handoff.md)').optional(),
        from: z
          .string()
          .min(1)
          .max(200)
          .describe('the writer (agent or role), unless the draft names it')
          .optional(),
        task: z.string().min(1).max(200).describe('the task id, e.g. TASK-03').optional(),
        status: z
          .enum(STATUSES)
          .describe(
            'in-progress (the default when neither this nor the draft gives one), blocked, complete or failed',
          )
          .optional(),
      },
      output: {
        path: z.string(),
        id: z.string(),
        verdict,
        parent: z.string().optional(),
        history: z.string().optional().describe('where the handoff it replaced is kept'),
        notes: z.array(z.string()),
      },
      readOnly: false,
      changesResources: true,
    },
    async (args) => {
      const path = handoffPathInside(ctx, args.path, 'baton', 'write');
      const { writeHandoff } = await library.write();
      const result = await writeHandoff({
        path,
        draft: args.draft,
        fields: { from: args.from, task: args.task, status: args.status },
        role: ctx.role,
        gitAnswers: ctx.git,
        keepReplacedIn: async () => (await library.store()).openStore(storeOptions(ctx, true)),
      });
      if (!result.ok) {
        const why = [...findingLines(result.findings), ...result.advice.map((a) => `fold: ${a}`)].join('; ');
        throw new UserError(result.code, `nothing was written to ${rel(path)}: ${why}`);
      }
      const data = {
        path: rel(result.path),
        id: result.handoff.id,
        verdict: result.verdict,
        notes: result.notes,
        ...(result.handoff.parent ? { parent: result.handoff.parent } : {}),
        ...(result.archived ? { history: rel(result.archived) } : {}),
      };
      return { data, text: `wrote ${data.path} (id ${data.id}): ${data.verdict}` };
    },
  );
}

function addValidateTool(server: McpServer, ctx: ServerContext, rel: Rel): void {
  addTool(
    server,
    ctx,
    'validate_handoff',
    {
      title: 'Validate a handoff',
      description:
        'Checks a handoff against the repository now, exactly as `baton validate --json`: VALID, INVALID (malformed), MISMATCH (other work), STALE (the work moved on) or UNTRUSTED, with every finding and the current git state. A folder stands for every handoff in it.',
      input: {
        path: repoPath('the handoff file or folder (default .baton/handoff.md)').optional(),
        format: formatOrAuto.describe('the format (default auto: by content)').optional(),
      },
      output: {
        ...reportShape,
        path: z.string().optional(),
        format: z.string().optional(),
        findings: z.array(findingSchema).optional(),
        stats: reportShape.stats.optional(),
        reports: z.array(z.looseObject(reportShape)).optional().describe('one report per file, for a folder'),
      },
    },
    async (args) => {
      const format = args.format ?? 'auto';
      const path = existingPathInside(ctx, handoffPathInside(ctx, args.path, format));
      const summary = await validatePaths([path], {
        format,
        git: true,
        current: {},
        role: ctx.role,
        gitAnswers: ctx.git,
      });
      const reports = summary.reports.map(reportAsJson);
      const first = summary.reports[0];
      if (reports.length === 1 && first) {
        const lines = [
          `${first.verdict} (exit ${first.exitCode}): ${rel(first.path)}`,
          ...findingLines(first.findings),
        ];
        return { data: reports[0] as object, text: lines.join('\n') };
      }
      const data = { verdict: summary.verdict, exitCode: summary.exitCode, reports };
      const lines = summary.reports.map((r) => `${r.verdict}: ${rel(r.path)}`);
      return { data, text: [`${summary.verdict} (exit ${summary.exitCode})`, ...lines].join('\n') };
    },
  );
}

function addResumeTool(server: McpServer, ctx: ServerContext, rel: Rel): void {
  addTool(
    server,
    ctx,
    'resume_handoff',
    {
      title: 'Resume from a handoff',
      description:
        "Validates the handoff and returns the resume brief a fresh context starts from: goal, provenance then and now, what not to redo or reverse, remaining work, and when the work moved on, the claims to re-verify with their commands. It never runs a command: run the listed commands yourself, under your host's permissions. An INVALID, MISMATCH or UNTRUSTED handoff is refused.",
      input: { path: repoPath('the handoff (default .baton/handoff.md)').optional() },
      output: {
        verdict,
        exitCode: z.number().int(),
        path: z.string(),
        brief: z.string().describe('the brief as Markdown, the handed-over record wrapped as data'),
        reverify: z.array(
          z.looseObject({
            kind: z.string(),
            text: z.string(),
            paths: z.array(z.string()),
            command: z.string().optional(),
            reason: z.string(),
          }),
        ),
        commands: z.array(z.string()).describe('each command to run once to re-verify the claims above'),
        provenance: z.array(z.looseObject({ field: z.string(), changed: z.boolean() })),
        findings: z.array(findingSchema),
        handoff: z.looseObject({}).describe('the handoff as parsed'),
        since: z.looseObject({}).optional(),
        changes: z.looseObject({}).optional(),
      },
    },
    async (args) => {
      const path = existingPathInside(ctx, handoffPathInside(ctx, args.path));
      const { renderBrief, resumeHandoff } = await library.resume();
      const result = await resumeHandoff(path, { reverify: false, gitAnswers: ctx.git });
      if (!result.ok) {
        const r = result.report;
        const why = findingLines(r.findings, 3).join('; ');
        throw new UserError('VERDICT_REFUSED', `not resuming from ${rel(path)}: it is ${r.verdict}: ${why}`);
      }
      const b = result.brief;
      const commands = [...new Set(b.reverify.flatMap((c) => (c.command ? [c.command] : [])))];
      const data = {
        verdict: b.verdict,
        exitCode: b.exitCode,
        path: rel(b.path),
        brief: renderBrief(b),
        reverify: b.reverify,
        commands,
        provenance: b.provenance,
        findings: b.findings,
        handoff: b.handoff,
        ...(b.since ? { since: b.since } : {}),
        ...(b.changes ? { changes: b.changes } : {}),
      };
      return { data, text: data.brief };
    },
  );
}
