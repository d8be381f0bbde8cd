/**
 * The README's "What it does" block, run in order on a new repository as a new user would type
 * it: each line through `sh -c` with the built CLI as `baton` on PATH and `my-agent` a small
 * builder script. Only the placeholders are filled (the run id, the server's address, the
 * session's path, a free port for the two servers). Each line must do what its comment says and
 * exit as documented; a line added to the README without a case here fails the first test.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { BIN, cleanEnv, frontMatter, makePlainDir } from '../e2e/_helpers.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The commands of the README's "What it does" block, without their comments, in order. */
function readmeCommands(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /## What it does\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no ```sh block under "## What it does"');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
}

const DRAFT = `# Handoff: TASK-03

## Goal

Parse the config file, with tests.

## Summary

The parser tests are written; the parser itself is next.

## Remaining

### Write the parser

- Goal: src/parse.js reads the config
- Files in scope: src/parse.js
- Verify by: \`test -f src/parse.js\`
`;

const PLAN = `# Plan: Parser

## TASK-01: Parser
- Files in scope: src/parse.js
- Verify by: \`test -f src/parse.js\`
`;

// The builder the README calls `my-agent --stdin`: reads the brief, writes the task's file and
// its progress record, and replies with a passing result.
const MY_AGENT = `#!/bin/sh
cat >/dev/null
mkdir -p src && printf 'export const parse = (s) => JSON.parse(s);\\n' > src/parse.js
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/parse.js\` — CREATE\\n' > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
cat <<'XML'
<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Wrote the parser.</what><why>The plan asks for it.</why><caution>None</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>
XML
`;

// A note as people write them, for `baton import`: it names a goal, what is done and what is next.
const NOTE = `# Parser: where it stands

## Goal

Parse the config file, comments included.

## Summary

The parser reads plain JSON; comments are not handled yet.

## Done

- [x] Wrote \`src/parse.js\` — verified by \`test -f src/parse.js\` → pass

## Next

### Comments

- Goal: lines starting with // are skipped
- Files in scope: src/parse.js
- Verify by: \`test -f src/parse.js\`
`;

const POLICY = '# Policy\n\n- Never push to main without a passing `npm test`.\n';

interface Ctx {
  repo: TempRepo;
  env: NodeJS.ProcessEnv;
  home: string;
  runId?: string;
  a2a?: { child: ChildProcess; url: string };
}

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one README line through sh in the repository. */
function sh(line: string, ctx: Ctx): Result {
  const r = spawnSync('sh', ['-c', line], {
    cwd: ctx.repo.dir,
    env: ctx.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts a README line that keeps running, and waits for the first URL it prints (where it listens). */
function listen(line: string, ctx: Ctx): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn('sh', ['-c', `exec ${line}`], { cwd: ctx.repo.dir, env: ctx.env });
  return new Promise((resolvePromise, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no listening line from ${line}: ${seen}`)), 30_000);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const url = /(http:\/\/[^\s)]+)/.exec(seen)?.[1];
      if (url) {
        clearTimeout(timer);
        resolvePromise({ child, url });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${line} exited ${code}: ${seen}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });
}

const ok = (r: Result, line: string) => expect(r.status, `${line}\n${r.stderr}`).toBe(0);

/** Each README command: how it is run (placeholders filled) and what it must have done. */
const CASES: Record<string, (line: string, ctx: Ctx) => Promise<void> | void> = {
  'baton write --from builder --task TASK-03 < draft.md': (line, ctx) => {
    ok(sh(line, ctx), line);
    const fm = frontMatter(readFileSync(join(ctx.repo.dir, '.baton/handoff.md'), 'utf8'));
    expect(fm.task).toBe('TASK-03');
    expect(fm.status).toBe('in-progress');
    expect(fm.content_hash).toMatch(/^sha256:/);
  },
  'baton validate': (line, ctx) => {
    const r = sh(line, ctx);
    ok(r, line);
    expect(r.stdout).toMatch(/^VALID: /);
  },
  'baton resume': (line, ctx) => {
    const r = sh(line, ctx);
    ok(r, line);
    expect(r.stdout).toContain('# Resume brief');
    expect(r.stdout).toContain('The parser tests are written');
  },
  'baton resume --reverify': (line, ctx) => {
    // Nothing moved since the write, so nothing needs running again: the brief, exit 0.
    const r = sh(line, ctx);
    ok(r, line);
    expect(r.stdout).toContain('# Resume brief');
  },
  'baton provenance': (line, ctx) => {
    const r = sh(line, ctx);
    ok(r, line);
    expect(r.stdout).toContain(`head: ${ctx.repo.git('rev-parse', 'HEAD')}`);
  },
  'baton run --plan PLAN.md --builder "my-agent --stdin"': (line, ctx) => {
    writeFileSync(join(ctx.repo.dir, 'PLAN.md'), PLAN);
    const r = sh(line, ctx);
    ok(r, line);
    ctx.runId = /^run (\S+): /m.exec(r.stdout)?.[1];
    expect(ctx.runId).toBeTruthy();
    expect(ctx.repo.git('log', '-1', '--format=%s')).toBe('TASK-01: Parser');
    expect(existsSync(join(ctx.repo.dir, 'src/parse.js'))).toBe(true);
  },
  'baton run --resume <run-id>': (line, ctx) => {
    const r = sh(line.replace('<run-id>', ctx.runId ?? 'missing'), ctx);
    ok(r, line);
    expect(r.stdout).toContain('All tasks committed');
  },
  'baton archive && baton log': (line, ctx) => {
    const id = frontMatter(readFileSync(join(ctx.repo.dir, '.baton/handoff.md'), 'utf8')).id as string;
    const r = sh(line, ctx);
    ok(r, line);
    // The run moved HEAD: the handoff is STALE now, and kept with that verdict.
    expect(r.stdout).toMatch(/archived \S+ .*STALE/);
    expect(r.stdout).toContain(id);
  },
  'baton search "parser tests"': (line, ctx) => {
    const r = sh(line, ctx);
    ok(r, line);
    expect(r.stdout).toContain('TASK-03');
  },
  'baton convert handoff.md --to pipeline-xml': (line, ctx) => {
    const r = sh(line.replace('handoff.md', '.baton/handoff.md'), ctx);
    ok(r, line);
    expect(r.stdout).toMatch(/^<task-result status="PASS" task="TASK-03"/);
  },
  'baton import HANDOFF.md -o .baton/handoff.md': (line, ctx) => {
    writeFileSync(join(ctx.repo.dir, 'HANDOFF.md'), NOTE);
    ok(sh(line, ctx), line);
    const v = sh('baton validate', ctx);
    expect(v.stdout, v.stderr).toMatch(/^VALID: /);
    expect(readFileSync(join(ctx.repo.dir, '.baton/handoff.md'), 'utf8')).toContain(
      'comments are not handled yet',
    );
  },
  'baton context': (line, ctx) => {
    const r = sh(line, ctx);
    ok(r, line);
    expect(r.stdout).toContain('# Boot context');
    expect(r.stdout).toMatch(/ADVISORY: \.baton\/handoff\.md/);
  },
  'baton approve .baton/context/policy.md --key alice --class policy': (line, ctx) => {
    // "baton keys generate alice first", as the README's comment says.
    ok(sh('baton keys generate alice', ctx), 'baton keys generate alice');
    mkdirSync(join(ctx.repo.dir, '.baton/context'), { recursive: true });
    writeFileSync(join(ctx.repo.dir, '.baton/context/policy.md'), POLICY);
    const r = sh(line, ctx);
    ok(r, line);
    expect(r.stdout).toMatch(/^approved .*policy\.md as policy .* with key "alice"/m);
    expect(r.stdout).toMatch(/^next: /m);
  },
  'baton serve a2a': async (line, ctx) => {
    ctx.a2a = await listen(`${line} --port 0`, ctx);
    const card = await fetch(new URL('/.well-known/agent-card.json', ctx.a2a.url));
    expect(card.status).toBe(200);
  },
  'baton send .baton/handoff.md --to http://host:4477/': (line, ctx) => {
    const r = sh(line.replace('http://host:4477/', ctx.a2a?.url ?? 'missing'), ctx);
    ok(r, line);
    expect(r.stdout).toMatch(/^ACCEPTED: the handoff is VALID/m);
  },
  'baton mcp': async (line, ctx) => {
    const child = spawn('sh', ['-c', `exec ${line}`], { cwd: ctx.repo.dir, env: ctx.env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    const closed = new Promise<number | null>((r) => child.on('close', r));
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'readme', version: '1' },
      },
    };
    child.stdin.write(`${JSON.stringify(init)}\n`);
    for (let i = 0; i < 300 && !out.includes('\n'); i++) await new Promise((r) => setTimeout(r, 100));
    child.stdin.end();
    expect(await closed).toBe(0);
    const reply = JSON.parse(out.split('\n')[0] as string) as { result?: { serverInfo?: { name?: string } } };
    expect(reply.result?.serverInfo?.name).toBe('baton');
  },
  'baton compile ~/.claude/projects/…/<session>.jsonl': (line, ctx) => {
    const folder = join(ctx.home, '.claude/projects/-work-parser');
    mkdirSync(folder, { recursive: true });
    const session = readFileSync(join(ROOT, 'test/fixtures/transcripts/claude-code/session.jsonl'));
    writeFileSync(join(folder, 'f00dcafe.jsonl'), session);
    const r = sh(line.replace('…/<session>', '-work-parser/f00dcafe'), ctx);
    ok(r, line);
    expect(r.stdout).toMatch(/^---\nschema: baton\/handoff-v1\n/);
  },
  'baton init --claude-code --codex': (line, ctx) => {
    ok(sh(line, ctx), line);
    for (const f of ['.baton/config.json', '.claude/settings.json', '.codex/hooks.json', '.gitignore']) {
      expect(existsSync(join(ctx.repo.dir, f)), f).toBe(true);
    }
  },
  'baton serve web': async (line, ctx) => {
    const web = await listen(`${line} --port 0`, ctx);
    try {
      const page = await fetch(web.url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const runs = (await (await fetch(new URL('/api/runs', web.url))).json()) as unknown;
      expect(JSON.stringify(runs)).toContain(ctx.runId ?? 'missing');
    } finally {
      await stop(web.child);
    }
  },
};

describe("the README's commands, in order, on a new repository", () => {
  const ctx = {} as Ctx;
  const cleanups: (() => void)[] = [];

  beforeAll(() => {
    const tools = makePlainDir();
    cleanups.push(tools.cleanup);
    const bin = join(tools.dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'baton'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    writeFileSync(join(bin, 'my-agent'), MY_AGENT);
    chmodSync(join(bin, 'baton'), 0o755);
    chmodSync(join(bin, 'my-agent'), 0o755);
    ctx.home = join(tools.dir, 'home');
    mkdirSync(ctx.home);
    ctx.repo = createTempRepo({ prefix: 'readme repo' });
    cleanups.push(() => ctx.repo.cleanup());
    ctx.repo.write('draft.md', DRAFT);
    ctx.repo.write('src/index.js', 'export {};\n');
    ctx.repo.commit('a project and my notes');
    ctx.env = cleanEnv({
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: ctx.home,
      BATON_HOME: join(ctx.home, '.config/baton'),
    });
  });

  afterAll(async () => {
    if (ctx.a2a) await stop(ctx.a2a.child);
    for (const c of cleanups.splice(0).reverse()) c();
  });

  it('has a case for every command the README lists, and the README lists every case', () => {
    expect(readmeCommands()).toEqual(Object.keys(CASES));
  });

  for (const line of readmeCommands()) {
    it(line, async () => {
      const step = CASES[line];
      expect(step, `no case for the README's \`${line}\``).toBeDefined();
      await step?.(line, ctx);
    }, 90_000);
  }
});
