#!/usr/bin/env bash
# Installs the real Claude Code and Codex CLI binaries that test/hosts/** drive, into a cache outside
# the repository (they are not dependencies of baton). Idempotent: a version already there is kept.
# Prints the cache directory on stdout. Override the versions with BATON_TEST_CLAUDE_VERSION /
# BATON_TEST_CODEX_VERSION, the directory with BATON_TEST_HOSTS_CACHE.
set -euo pipefail
CLAUDE_VERSION="${BATON_TEST_CLAUDE_VERSION:-2.1.332}"
CODEX_VERSION="${BATON_TEST_CODEX_VERSION:-0.171.0}"
CACHE="${BATON_TEST_HOSTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/baton-test-hosts}"

install_one() { # <folder> <package spec> <version>
  local dir="$CACHE/$1" spec="$2" version="$3"
  if [ -f "$dir/.installed-$version" ]; then return 0; fi
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$spec" >&2
  touch "$dir/.installed-$version"
}

install_one claude "@anthropic-ai/claude-code-linux-x64@$CLAUDE_VERSION" "$CLAUDE_VERSION"
install_one codex "@openai/codex@$CODEX_VERSION" "$CODEX_VERSION"
echo "$CACHE"
