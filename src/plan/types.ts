/** Plans: tasks, their dependencies, the files each may touch, and how each is verified. */

/** One task of a plan. */
export interface PlanTask {
  id: string;
  title: string;
  dependsOn: string[];
  filesInScope: string[];
  verifyBy: string[];
  goal?: string;
  /** Free text under the task heading that is not one of the labelled lines. */
  notes?: string;
  /** 1-based line of the task's heading (Markdown) or entry (YAML). */
  line?: number;
}

/** A parsed plan. */
export interface Plan {
  title: string;
  tasks: PlanTask[];
  /** Where the plan was read from, when it was read from a file. */
  path?: string;
}

/** A problem found in a plan, with the line it is on. */
export interface PlanProblem {
  message: string;
  line?: number;
}
