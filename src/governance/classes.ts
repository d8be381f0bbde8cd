/**
 * Artifact classes, authority levels and writer roles (FORMATS.md §5): which classes bind, and
 * which classes each role may write. The role comes from how the writer was started
 * (`BATON_ROLE`, set by the run engine), never from what the artifact says about itself.
 */

import type { ArtifactClass } from '../handoff/types.js';
import { ARTIFACT_CLASSES } from '../handoff/values.js';

/** Classes that bind behaviour once validly approved. */
export const BINDING_CLASSES: readonly ArtifactClass[] = ['policy', 'constitution'];

/** Authority levels a manifest may declare (recorded and shown; seed 003's T1–T3). */
export const AUTHORITY_LEVELS = ['T1', 'T2', 'T3'] as const;

/** An authority level. */
export type AuthorityLevel = (typeof AUTHORITY_LEVELS)[number];

/**
 * The roles the run engine gives the agents it starts: itself (`orchestrator`), the agent that
 * spawned another (`parent`), a task agent it dispatched (`child`: writes handoffs), and a peer
 * that posts to a shared board (`sibling`).
 */
export const ROLES = ['orchestrator', 'parent', 'child', 'sibling'] as const;

/** A writer role. */
export type Role = (typeof ROLES)[number];

/** The environment variable the run engine sets for every agent it spawns. */
export const ROLE_ENV = 'BATON_ROLE';

const SIBLING: readonly ArtifactClass[] = ['observation', 'question', 'proposal', 'answer'];

/** What each role may write. Policy and constitution still bind only once approved by a key. */
export const CLASSES_BY_ROLE: Readonly<Record<Role, readonly ArtifactClass[]>> = {
  orchestrator: ARTIFACT_CLASSES,
  parent: ARTIFACT_CLASSES,
  child: [...SIBLING, 'operational_handoff', 'memory'],
  sibling: SIBLING,
};

/** The role of the current process, as the run engine declared it when spawning it. */
export interface CurrentRole {
  /** The role, or undefined when none was declared (a person, CI, a tool outside the engine). */
  role: Role | undefined;
  /** The raw value when it is not a role baton knows (it then gets the least privilege). */
  unknown?: string;
}

/** Reads `BATON_ROLE` from `env`: unset is no role; an unknown value counts as `sibling`. */
export function currentRole(env: NodeJS.ProcessEnv = process.env): CurrentRole {
  const value = env[ROLE_ENV]?.trim();
  if (!value) return { role: undefined };
  const lower = value.toLowerCase();
  if ((ROLES as readonly string[]).includes(lower)) return { role: lower as Role };
  return { role: 'sibling', unknown: value };
}

/** The environment to spawn an agent in with `role` (for the run engine): `BATON_ROLE` set. */
export function roleEnvironment(role: Role, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, [ROLE_ENV]: role };
}

/** True when `role` may write an artifact of class `cls`. */
export function mayWrite(role: Role, cls: ArtifactClass): boolean {
  return CLASSES_BY_ROLE[role].includes(cls);
}

/** True when `value` is a class baton knows. */
export function isArtifactClass(value: unknown): value is ArtifactClass {
  return typeof value === 'string' && (ARTIFACT_CLASSES as readonly string[]).includes(value);
}

/** True when artifacts of class `cls` bind once approved. */
export function isBindingClass(cls: ArtifactClass): boolean {
  return BINDING_CLASSES.includes(cls);
}
