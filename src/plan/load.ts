/** Loads a plan file (Markdown or YAML) and checks it; a bad plan is one USAGE-grade error. */
import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { checkGraph } from './graph.js';
import { parseMarkdownPlan } from './markdown.js';
import type { Plan, PlanProblem } from './types.js';
import { parseYamlPlan } from './yaml.js';

/** Parses plan text; YAML when the file name or the content says so, else Markdown. */
export async function parsePlan(text: string, name = ''): Promise<{ plan: Plan; problems: PlanProblem[] }> {
  const yaml = /\.ya?ml$/i.test(name) || /^\s*(title|tasks)\s*:/m.test(text.slice(0, 2000));
  const { plan, problems } = yaml ? await parseYamlPlan(text) : parseMarkdownPlan(text);
  // The graph is checked whatever the parse found, so one error lists every problem.
  problems.push(...checkGraph(plan));
  problems.sort((a, b) => (a.line ?? Number.POSITIVE_INFINITY) - (b.line ?? Number.POSITIVE_INFINITY));
  return { plan, problems };
}

/**
 * Reads and checks the plan at `path`, once: the plan and the text it was read from (a run records
 * that text, so what it ran and what it kept are the same bytes). Throws PLAN_INVALID listing every
 * problem with its line.
 */
export async function loadPlan(path: string): Promise<{ plan: Plan; text: string }> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(
      'PLAN_INVALID',
      `cannot read the plan ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message}`,
    );
  }
  const { plan, problems } = await parsePlan(text, path);
  if (problems.length > 0) {
    const lines = problems.map((p) => `${path}${p.line ? `:${p.line}` : ''}: ${p.message}`);
    throw new UserError('PLAN_INVALID', `the plan is not valid:\n${lines.join('\n')}`);
  }
  return { plan: { ...plan, path }, text };
}
