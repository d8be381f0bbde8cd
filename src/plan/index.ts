/** Plans: Markdown or YAML task lists with dependencies, files in scope and verify commands. */
export { ancestorDistances, checkGraph, topologicalOrder } from './graph.js';
export { loadPlan, parsePlan } from './load.js';
export { parseMarkdownPlan } from './markdown.js';
export type { Plan, PlanProblem, PlanTask } from './types.js';
export { parseYamlPlan } from './yaml.js';
