/** Hosts: the hooks Claude Code and Codex run, and `baton init` that installs them. */
export { type CompileAndWriteOptions, type CompileAndWriteResult, compileAndWrite } from './compile-write.js';
export {
  CLAUDE_CODE_HOOKS,
  CODEX_HOOKS,
  type HostHook,
  hookCommand,
  hooksObject,
  PACKAGE_NAME,
} from './hook-commands.js';
export { HOOK_EVENTS, type HookContext, type HookEvent, type HookResult, runHook } from './hooks.js';
export {
  GITIGNORE_MARKER,
  type InitChange,
  type InitOptions,
  type InitResult,
  initRepository,
} from './init.js';
