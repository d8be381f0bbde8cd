/**
 * The command table: each command's name and one-line summary, and how to load it. The summaries
 * live here, not in the command modules, so that `baton --help` loads no command module.
 */
import type { Command } from './io.js';

/** One entry of the command table. */
export interface CommandEntry {
  /** One line for `baton --help`. */
  summary: string;
  load: () => Promise<{ command: Command }>;
}

/** Every command, in the order `baton --help` lists them. */
export const COMMANDS: Record<string, CommandEntry> = {
  validate: {
    summary: 'check handoffs: well formed, same work, fresh (exit 0/1/2/3/4)',
    load: () => import('./commands/validate.js'),
  },
  write: {
    summary: 'write a handoff from a draft: fill id, time, provenance, hash; validate; write atomically',
    load: () => import('./commands/write.js'),
  },
  resume: {
    summary: 'print the brief to paste into a fresh context (refuses INVALID/MISMATCH/UNTRUSTED)',
    load: () => import('./commands/resume.js'),
  },
  provenance: {
    summary: 'print the current git anchors (repository, branch, head, base, state)',
    load: () => import('./commands/provenance.js'),
  },
  run: {
    summary: 'run a plan: builder → verifier → committer per task, with a sliding window of handoffs',
    load: () => import('./commands/run.js'),
  },
  convert: {
    summary:
      'convert a handoff between formats (baton, context-kit, json, anchor, pipeline-xml, forge, phase)',
    load: () => import('./commands/convert.js'),
  },
  import: {
    summary: 'import a free-form handoff (Markdown, JSON, YAML, XML) as a canonical handoff',
    load: () => import('./commands/import.js'),
  },
  context: {
    summary: 'print the boot context: each artifact binding, advisory or quarantined, as data',
    load: () => import('./commands/context.js'),
  },
  approve: {
    summary: 'approve an artifact: set content_hash and approved_by, sign with an ed25519 key',
    load: () => import('./commands/approve.js'),
  },
  keys: {
    summary: 'generate an ed25519 key for approving artifacts, trust a key, or list keys',
    load: () => import('./commands/keys.js'),
  },
  demo: {
    summary: 'watch a plan run and a handoff catch a repository that moved on',
    load: () => import('./commands/demo.js'),
  },
  archive: {
    summary: 'keep the current handoff in the store (only while it is VALID now)',
    load: () => import('./commands/archive.js'),
  },
  log: {
    summary: 'list archived handoffs, newest first',
    load: () => import('./commands/log.js'),
  },
  show: {
    summary: 'print an archived handoff, as archived or in another format',
    load: () => import('./commands/show.js'),
  },
  search: {
    summary: 'full-text search over archived handoffs',
    load: () => import('./commands/search.js'),
  },
  runs: {
    summary: 'list recorded runs, or show one run and its events',
    load: () => import('./commands/runs.js'),
  },
  compile: {
    summary: 'compile a Claude Code or Codex session log into a draft handoff, without a model',
    load: () => import('./commands/compile.js'),
  },
  init: {
    summary: 'set up .baton/ and .gitignore; --claude-code / --codex also install the hooks',
    load: () => import('./commands/init.js'),
  },
  hook: {
    summary: 'run as a Claude Code or Codex hook: pre-compact, session-start, subagent-stop',
    load: () => import('./commands/hook.js'),
  },
  serve: {
    summary: 'start a server: web (the viewer)',
    load: () => import('./commands/serve.js'),
  },
};
