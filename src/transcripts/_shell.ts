/**
 * Reading shell commands the way a person skimming a session would: which ones are checks (tests,
 * linters, type checks, builds, explicit `test`/`grep -q`), which commit, which write or delete
 * files. Deliberately simple: quotes are respected, expansions are not evaluated.
 */

// The readers and the compiler ask about the same command several times in a row (is it a check,
// what does it write, does it commit): the last one split is kept. Callers never change the words.
let lastCommand: string | undefined;
let lastSplit: string[][] = [];

/**
 * Splits a command line into simple commands (at `&&`, `||`, `;`, `|` and newlines outside
 * quotes), each as words. A here-document's body is data, not commands: it is left out.
 */
function simpleCommands(command: string): string[][] {
  if (command !== lastCommand) {
    lastSplit = split(command);
    lastCommand = command;
  }
  return lastSplit;
}

// The marker after `<<` or `<<-` (quoted or not), and where it ends.
const MARKER_RE = /[ \t]*(['"]?)([A-Za-z_][\w-]*)\1/y;

/** Where the here-document that starts after `at` (the newline ending its command line) ends. */
function hereDocEnd(command: string, at: number, marker: string): number {
  let start = at + 1;
  while (start < command.length) {
    const nl = command.indexOf('\n', start);
    const end = nl < 0 ? command.length : nl;
    if (command.slice(start, end).trim() === marker) return end;
    start = end + 1;
  }
  return command.length;
}

function split(command: string): string[][] {
  const out: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  const markers: string[] = [];
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) out.push(words);
    words = [];
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      // In double quotes a backslash escapes only `$`, a backtick, `"`, itself and a line break:
      // `"C:\ssh\id_rsa"` keeps its backslashes.
      else if (c === '\\' && quote === '"' && /[$`"\\\n]/.test(command[i + 1] ?? '')) {
        const next = command[++i] as string;
        if (next !== '\n') word += next;
      } else word += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      const next = command[++i] as string;
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
    } else if (c === '&' && command[i + 1] === '&') {
      endCommand();
      i++;
    } else if (c === '\n' && markers.length > 0) {
      // The here-documents this line opened follow it; their lines are data, not commands.
      for (const marker of markers.splice(0)) i = hereDocEnd(command, i, marker);
      endCommand();
    } else if (c === '|' || c === ';' || c === '\n') {
      if (command[i + 1] === '|') i++;
      endCommand();
    } else if (c === ' ' || c === '\t') {
      endWord();
    } else if ((c === '>' || c === '<') && !inWord) {
      // A redirection operator is its own word (`>`, `>>`, `2>`, `<<`), so targets can be found.
      let op = c;
      while (command[i + 1] === '>' || command[i + 1] === '<' || command[i + 1] === '&') op += command[++i];
      words.push(op);
      if (op === '<<' && command[i + 1] === '-') i++;
      MARKER_RE.lastIndex = i + 1;
      const marker = op === '<<' ? MARKER_RE.exec(command) : null;
      if (marker?.[2]) {
        markers.push(marker[2]);
        words.push(marker[2]);
        i = MARKER_RE.lastIndex - 1;
      }
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return out;
}

/** Each simple command of a command line as its core words (`coreWords`): what it runs, with its arguments. */
export function commandCores(command: string): string[][] {
  return simpleCommands(command).map(coreWords);
}

const WRAPPERS = new Set(['sudo', 'time', 'env', 'command', 'exec', 'nice', 'nohup', 'xvfb-run']);
const RUNNERS: Record<string, number> = { npx: 1, bunx: 1, pnpx: 1 };

// A runner's options that take the next word as their value (npx's and bunx's `--package`).
const RUNNER_VALUE_OPTIONS = new Set(['--package', '-p']);

/** The words of a simple command without leading `VAR=x`, wrappers (`timeout 60`, `env`, `npx`) and redirections. */
function coreWords(words: string[]): string[] {
  let i = 0;
  for (;;) {
    const w = words[i];
    if (w === undefined) break;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) i++;
    // PowerShell's `$out = cargo clippy …` runs `cargo clippy`, its output kept in `$out`.
    else if (/^\$[A-Za-z_][\w:]*$/.test(w) && words[i + 1] === '=') i += 2;
    else if (WRAPPERS.has(w)) i++;
    else if (w === 'timeout') {
      i++;
      while (words[i]?.startsWith('-')) i++;
      if (words[i] !== undefined && /^\d/.test(words[i] as string)) i++;
    } else if (RUNNERS[w]) {
      i++;
      // `npx --package @biomejs/biome@1 biome check`: the package option's value is no program.
      while (words[i]?.startsWith('-')) i += RUNNER_VALUE_OPTIONS.has(words[i] as string) ? 2 : 1;
    } else break;
  }
  const out: string[] = [];
  for (let j = i; j < words.length; j++) {
    const w = words[j] as string;
    if (/^\d*[<>]/.test(w)) {
      j++; // skip the target too
      continue;
    }
    out.push(w);
  }
  return out;
}

const SCRIPT_WORDS =
  /^(test|tests|lint|typecheck|type-check|check|build|verify|ci|e2e|unit|spec|format:check|fmt:check)(:|$)/;
const TOOL_CHECKS = new Set([
  'vitest',
  'jest',
  'mocha',
  'ava',
  'tap',
  'pytest',
  'py.test',
  'tox',
  'nox',
  'mypy',
  'pyright',
  'ruff',
  'flake8',
  'pylint',
  'tsc',
  'eslint',
  'biome',
  'oxlint',
  'shellcheck',
  'rspec',
  'phpunit',
  'ctest',
  'bats',
  'playwright',
  'cypress',
  'stylelint',
  'hadolint',
  'golangci-lint',
  'staticcheck',
  'clippy',
  'credo',
  'dialyzer',
  'tsd',
  'c8',
  'nyc',
]);
const SUBCOMMAND_CHECKS: Record<string, RegExp> = {
  go: /^(test|vet|build)$/,
  cargo: /^(test|build|check|clippy|fmt|nextest)$/,
  mix: /^(test|compile|credo|dialyzer|format)$/,
  dotnet: /^(test|build)$/,
  swift: /^(test|build)$/,
  deno: /^(test|lint|check|fmt)$/,
  bun: /^test$/,
  rake: /^(test|spec)$/,
  mvn: /^(test|verify|package|compile)$/,
  gradle: /^(test|build|check)$/,
  './gradlew': /^(test|build|check)$/,
  make: /^(test|tests|check|lint|build|all|ci|verify)$/,
  just: /^(test|check|lint|build|ci)$/,
  prettier: /^(--check|-c)$/,
  black: /^--check$/,
  node: /^--test$/,
  baton: /^validate$/,
  claude: /^plugin$/,
};

/** Whether a command is a check: a test runner, linter, type check, build, or an explicit `test …`/`grep -q …`. */
export function isCheck(command: string): boolean {
  const commands = simpleCommands(command);
  return commands.some((words, i) => {
    const w = coreWords(words);
    return isCheckWords(w) && !isGuard(w, commands[i + 1]);
  });
}

// What only reports a test's outcome: `[ -f x ] && echo yes || echo no` is still the test's check.
const REPORTERS = new Set(['echo', 'printf', 'true', 'false', 'exit', 'return', ':']);

/**
 * A `test`/`[` that only decides whether the work after it runs (`[ -s "$NVM_DIR/nvm.sh" ] &&
 * source …`): a guard of set-up, not a check of the work.
 */
function isGuard(w: string[], next: string[] | undefined): boolean {
  if (w[0] !== 'test' && w[0] !== '[' && w[0] !== '[[') return false;
  const after = next && coreWords(next)[0];
  return after !== undefined && !REPORTERS.has(after);
}

// A syntax check of files or a configuration: `php -l a.php`, `bash -n run.sh`, `node --check
// a.js`, `ruby -c`, `perl -c`, `nginx -t` (and `python -m py_compile`, with python's modules below).
const SYNTAX_FLAGS: Record<string, RegExp> = {
  php: /^-l$/,
  bash: /^-n$/,
  sh: /^-n$/,
  zsh: /^-n$/,
  node: /^(?:--check|-c)$/,
  ruby: /^-c$/,
  perl: /^-c$/,
  nginx: /^-t$/,
};

function isSyntaxCheck(prog: string, w: string[]): boolean {
  const flag = SYNTAX_FLAGS[prog];
  return flag !== undefined && w.slice(1).some((x) => flag.test(x));
}

function isCheckWords(w: string[]): boolean {
  const [first, second] = w;
  if (first === undefined) return false;
  const prog = first.replace(/^.*\//, '');
  if (first === 'test' || first === '[' || first === '[[') return true;
  if ((prog === 'grep' || prog === 'rg') && w.some((x) => /^-[a-zA-Z]*q/.test(x) || x === '--quiet'))
    return true;
  if (prog === 'diff' || prog === 'cmp') return w.length >= 3;
  if (TOOL_CHECKS.has(prog)) return true;
  if (isSyntaxCheck(prog, w)) return true;
  if (prog === 'python' || prog === 'python3') {
    return (
      w[1] === '-m' &&
      /^(pytest|unittest|mypy|ruff|tox|pyright|flake8|pylint|py_compile|compileall)$/.test(w[2] ?? '')
    );
  }
  if (prog === 'npm' || prog === 'pnpm' || prog === 'yarn' || prog === 'bun') {
    const rest = w.slice(1).filter((x) => !x.startsWith('-'));
    const verb = ['run', 'run-script', 'exec', 'dlx'].includes(rest[0] ?? '') ? rest[1] : rest[0];
    if (verb === undefined) return false;
    // `pnpm vitest`, `yarn tsc`, `npm exec eslint`: the package manager runs the tool itself.
    if (TOOL_CHECKS.has(verb)) return true;
    if (prog === 'bun' && verb === 'test') return true;
    return SCRIPT_WORDS.test(verb) || verb === 't';
  }
  // Task runners run a project's named tasks as npm runs its scripts: `mise run test:ci`,
  // `mise run lint`, `task test`; `mise run lint-fix` is no check (its name only starts with one).
  if (prog === 'mise' || prog === 'task') {
    const rest = w.slice(1).filter((x) => !x.startsWith('-'));
    const name = rest[0] === 'run' || rest[0] === 'r' ? rest[1] : rest[0];
    return name !== undefined && SCRIPT_WORDS.test(name);
  }
  if (prog === 'uv' || prog === 'poetry' || prog === 'pipenv' || prog === 'bundle' || prog === 'pdm') {
    const rest = w.slice(1);
    if (rest[0] === 'run' || rest[0] === 'exec') return isCheckWords(rest.slice(1));
    return false;
  }
  const sub = SUBCOMMAND_CHECKS[first] ?? SUBCOMMAND_CHECKS[prog];
  if (sub) {
    if (prog === 'make' && second === undefined) return true;
    return w.slice(1).some((x, i) => (i === 0 || x.startsWith('-') ? sub.test(x) : false));
  }
  return false;
}

/** The program of a command's first check (for telling a replaced approach from a rerun). */
export function checkProgram(command: string): string | undefined {
  for (const words of simpleCommands(command)) {
    const w = coreWords(words);
    if (isCheckWords(w)) return (w[0] ?? '').replace(/^.*\//, '');
  }
  return undefined;
}

// ssh's options that take a value (`-p 22000`, `-i key`, `-o StrictHostKeyChecking=no`).
const SSH_VALUE_OPTIONS = new Set('-b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w'.split(' '));
// `user@host:path` or `host:path` as scp and rsync write a remote side (not a URL, not `C:\`).
const REMOTE_PATH = /^(?:[\w.-]+@)?([\w-]+(?:\.[\w-]+)*):(?!\/\/)/;

/**
 * Commands that ran on another machine (`ssh host …`, `scp` / `rsync` to or from `host:path`):
 * how many, and the machines (`user@host`) in the order first seen. What they changed there is in
 * no file list or commit the log shows (`last`: the index of the last such command, or -1). `git@…` is a git remote (`ssh -T git@github.com` tests a
 * key), not a machine worked on.
 */
export function remoteWork(commands: readonly string[]): { count: number; hosts: string[]; last: number } {
  const hosts: string[] = [];
  let count = 0;
  let last = -1;
  for (const [at, command] of commands.entries()) {
    const found = new Set<string>();
    for (const words of simpleCommands(command)) {
      const host = remoteHostOf(coreWords(words));
      if (host && !host.startsWith('git@')) found.add(host);
    }
    if (found.size === 0) continue;
    count++;
    last = at;
    for (const h of found) if (!hosts.includes(h)) hosts.push(h);
  }
  return { count, hosts, last };
}

/**
 * How the last of `commands` that logged in to another machine with ssh connected: its words up
 * to the host (`ssh -i ~/.ssh/id_ed25519 -p 2222 deploy@203.0.113.8`), the password of an
 * `sshpass -p` as the log has it (redacted); undefined when none did.
 */
export function lastConnection(commands: readonly string[]): string | undefined {
  for (const command of [...commands].reverse()) {
    for (const words of simpleCommands(command)) {
      const core = coreWords(words);
      const host = remoteHostOf(core);
      const ssh = core.findIndex((w) => w.replace(/^.*\//, '') === 'ssh');
      if (!host || host.startsWith('git@') || ssh < 0) continue;
      let end = core.indexOf(host, ssh);
      if (end < 0) continue;
      // Options may come after the host too (`ssh root@host -p 22000 "cmd"`): they are part of how it connected.
      while (core[end + 1]?.startsWith('-')) end += SSH_VALUE_OPTIONS.has(core[end + 1] as string) ? 2 : 1;
      return core
        .slice(0, Math.min(end, core.length - 1) + 1)
        .map((w) => (/[\s"'$`]/.test(w) ? `'${w.replace(/'/g, "'\\''")}'` : w))
        .join(' ');
    }
  }
  return undefined;
}

function remoteHostOf(words: string[]): string | undefined {
  let i = 0;
  // `sshpass -p … ssh …`, `sshpass -e ssh …`
  if (words[0] === 'sshpass') {
    i = 1;
    while (words[i]?.startsWith('-')) i += /^-[pfd]$/.test(words[i] as string) ? 2 : 1;
  }
  const program = (words[i] ?? '').replace(/^.*\//, '');
  const args = words.slice(i + 1);
  if (program === 'ssh') {
    for (let j = 0; j < args.length; j++) {
      const a = args[j] as string;
      if (SSH_VALUE_OPTIONS.has(a)) j++;
      else if (!a.startsWith('-')) return a;
    }
    return undefined;
  }
  if (program !== 'scp' && program !== 'rsync') return undefined;
  for (const a of args) {
    const m = REMOTE_PATH.exec(a);
    if (m && !/^[A-Za-z]$/.test(m[1] as string)) return a.slice(0, a.indexOf(':'));
  }
  return undefined;
}

/**
 * The folder a command does its work in when it names one: the last `cd <folder>` of the line
 * (`cd /tmp/try && git init && git commit …`), else a `git -C <folder>`.
 */
export function workFolder(command: string): string | undefined {
  let folder: string | undefined;
  for (const words of simpleCommands(command)) {
    const w = coreWords(words);
    if ((w[0] === 'cd' || w[0] === 'pushd') && w[1] !== undefined && w[1] !== '-') folder = w[1];
    else if (folder === undefined && w[0] === 'git' && w[1] === '-C' && w[2] !== undefined) folder = w[2];
  }
  return folder;
}

/** The subject (first line of the message) of a `git commit -m …` in the command, if any. */
export function commitSubject(command: string): string | undefined {
  for (const words of simpleCommands(command)) {
    const w = coreWords(words);
    const at = w.indexOf('commit');
    if (w[0] !== 'git' || at < 1) continue;
    for (let i = at + 1; i < w.length; i++) {
      const flag = w[i] as string;
      if (flag === '-m' || flag === '--message') return subjectOf(w[i + 1]);
      if (/^-[a-zA-Z]*m$/.test(flag)) return subjectOf(w[i + 1]);
      if (flag.startsWith('--message=')) return subjectOf(flag.slice(10));
      if (/^-[a-zA-Z]*m./.test(flag) && !flag.startsWith('--'))
        return subjectOf(flag.slice(flag.indexOf('m') + 1));
    }
    // A heredoc message: `git commit -F - <<EOF` or -m "$(cat <<'EOF' …)": the first text line after the marker.
    const heredoc = /<<-?\s*['"]?(\w+)['"]?\s*\n([^\n]*)/.exec(command);
    if (heredoc?.[2]) return subjectOf(heredoc[2]);
    return 'a commit';
  }
  return undefined;
}

function subjectOf(message: string | undefined): string {
  if (message === undefined) return 'a commit';
  const heredoc = /<<-?\s*['"]?(\w+)['"]?\s*\n\s*([^\n]+)/.exec(message);
  const first = (heredoc ? heredoc[2] : message.split('\n').find((l) => l.trim() !== '')) ?? '';
  const subject = first.trim();
  return subject === '' || subject.startsWith('$(') ? 'a commit' : subject;
}

// Interpreters a command may hand code to inline (`python3 - <<EOF`, `node -e '…'`).
const INTERPRETERS = new Set(['python', 'python3', 'node', 'ruby', 'perl', 'bun', 'deno']);
// A literal path that inline code writes: Python's `open(p, "w")`, `Path(p).write_text(…)`,
// `df.to_csv(p)`; node's `writeFileSync(p, …)`; Ruby's `File.write(p, …)`.
const CODE_WRITES = [
  /\bopen\(\s*[rbuf]?(['"])([^'"\n]+)\1\s*,\s*(?:mode\s*=\s*)?[rbuf]?(['"])[wax][bt+]*\3/g,
  /\bPath\(\s*[rf]?(['"])([^'"\n]+)\1\s*\)\.write_(?:text|bytes)\(/g,
  /\.to_(?:csv|excel|json|parquet|html|markdown)\(\s*[rf]?(['"])([^'"\n]+)\1/g,
  /\b(?:writeFileSync|appendFileSync|writeFile|appendFile)\(\s*(['"`])([^'"`\n]+)\1/g,
  /\bFile\.write\(\s*(['"])([^'"\n]+)\1/g,
];

/**
 * The files inline code writes, when the command hands code to an interpreter (a here-document or
 * `-c`/`-e`): a script's `open("report.md", "w")` changes the work as `>` does.
 */
function codeWrites(command: string): string[] {
  const inline = simpleCommands(command).some((words) => {
    const core = coreWords(words);
    const prog = (core[0] ?? '').replace(/^.*\//, '');
    return (
      INTERPRETERS.has(prog) && (command.includes('<<') || core.some((w) => /^(?:-c|-e|--eval)$/.test(w)))
    );
  });
  if (!inline) return [];
  const out: string[] = [];
  for (const re of CODE_WRITES)
    for (const m of command.matchAll(re)) if (!/[{}$]/.test(m[2] as string)) out.push(m[2] as string);
  return out;
}

// What a redirection or `tee` keeps of a command's output to read it later (`> build.log`,
// `| tee out.txt`, `echo $! > server.pid`): a scratch log, not a file of the work. Unless it is
// written into a test's folder, where an expected output is the work (`tests/golden/sum.out`).
const SCRATCH_OUTPUT = /\.(?:log|pid|out|err)$|(?:^|[\\/_.-])(?:out|output|err|errors?|stdout|stderr)\.txt$/i;
const TEST_FOLDER =
  /(?:^|[\\/])(?:tests?|spec|fixtures?|golden|expected|snapshots?|__snapshots__|testdata)[\\/]/i;
const isScratchOutput = (path: string) => SCRATCH_OUTPUT.test(path) && !TEST_FOLDER.test(path);
const REDIRECTS = new Set(['>', '>>', '1>', '&>', '>|']);

/**
 * Files a command writes through `>`/`>>` redirections, `tee` or inline code (`codeWrites`), and
 * files it removes with `rm`/`git rm`. A log or a captured output (`isScratchOutput`) is none.
 */
export function shellFileChanges(command: string): { written: string[]; deleted: string[] } {
  const written: string[] = codeWrites(command);
  const deleted: string[] = [];
  const literal = (p: string | undefined): p is string =>
    p !== undefined && p !== '' && !/[$*?{}`()<>&|;]/.test(p) && !p.startsWith('/dev/') && !p.startsWith('-');
  for (const words of simpleCommands(command)) {
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      const target = words[i + 1];
      if (REDIRECTS.has(w) && literal(target) && !isScratchOutput(target)) {
        written.push(target);
      }
    }
    const core = coreWords(words);
    const prog = (core[0] ?? '').replace(/^.*\//, '');
    if (prog === 'tee') for (const p of core.slice(1)) if (literal(p) && !isScratchOutput(p)) written.push(p);
    const rm = prog === 'rm' ? core.slice(1) : prog === 'git' && core[1] === 'rm' ? core.slice(2) : undefined;
    if (rm && !rm.some((x) => /^-[a-zA-Z]*r/.test(x))) for (const p of rm) if (literal(p)) deleted.push(p);
  }
  return { written, deleted };
}

/** The files an `apply_patch` envelope names, with what it does to each. */
export function patchFileChanges(
  patch: string,
): { path: string; kind: 'created' | 'modified' | 'deleted' }[] {
  const out: { path: string; kind: 'created' | 'modified' | 'deleted' }[] = [];
  for (const m of patch.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    if (m[3]) {
      const last = out.at(-1);
      if (last) {
        last.kind = 'deleted';
        out.push({ path: m[3].trim(), kind: 'created' });
      }
      continue;
    }
    const kind = m[1] === 'Add' ? 'created' : m[1] === 'Delete' ? 'deleted' : 'modified';
    out.push({ path: (m[2] as string).trim(), kind });
  }
  return out;
}
