/**
 * Where Claude Code and Codex keep their session logs: the only folders outside a repository that
 * baton's MCP server may read a transcript from (read only). `~/.claude/projects` and
 * `~/.codex/sessions`, and the same under `$CLAUDE_CONFIG_DIR` and `$CODEX_HOME` when set.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** The hosts' transcript folders for this environment (absolute, duplicates removed). */
export function hostTranscriptFolders(
  env: NodeJS.ProcessEnv,
  home: string = env.HOME || homedir(),
): string[] {
  const folders = [join(home, '.claude', 'projects'), join(home, '.codex', 'sessions')];
  const claude = env.CLAUDE_CONFIG_DIR?.trim();
  const codex = env.CODEX_HOME?.trim();
  // A relative setting names no folder baton can place: it is left out rather than guessed.
  if (claude && isAbsolute(claude)) folders.push(join(claude, 'projects'));
  if (codex && isAbsolute(codex)) folders.push(join(codex, 'sessions'));
  return [...new Set(folders)];
}
