#!/usr/bin/env node
/**
 * Evaluates `baton compile` over whole real Claude Code sessions (default: ../shared/corpus/transcripts/
 * beside the main checkout, or $BATON_CORPUS, or the files and folders given): for each, the
 * compiled handoff's tokens beside the transcript's, the share of edited files it names (the
 * handoff benchmark's probe: a whole path, or a name no other edited file has) beside the share
 * Claude Code's own compaction summary (`isCompactSummary`) names, the commands it lists, time and
 * peak memory of compile in a process of its own, and whether the handoff `baton write` makes of it
 * is VALID. Exits 1 unless every handoff is VALID and names every edited file. Build first. The
 * cuts before each compaction, with more probes, are `npm run eval:handoffs`.
 *
 *   node scripts/eval-transcripts.mjs [paths…] [--json]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { namedIn } from './_eval-probes.mjs';
import { corpusRoot, readSession } from './_eval-read.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'dist/bin/baton.cjs');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const inputs = args.filter((a) => !a.startsWith('--'));
const corpus = process.env.BATON_CORPUS ?? join(corpusRoot(), 'transcripts');
// Claude Code sessions only (Write/Edit are its tools; Codex rollouts are scored by eval:handoffs).
const targets = (inputs.length ? inputs : [corpus])
  .flatMap((p) =>
    statSync(p).isDirectory()
      ? readdirSync(p)
          .filter((n) => n.endsWith('.jsonl'))
          .sort()
          .map((n) => join(p, n))
      : [p],
  )
  .filter((p) => readSession(p).kind === 'claude-code');
const { loadTokenCounter } = await import(join(ROOT, 'dist/tokens/count.js'));
const { parseBaton } = await import(join(ROOT, 'dist/formats/baton/parse.js'));
const tokens = await loadTokenCounter('o200k_base');

/** Edited files by an independent reading: successful Write/Edit/MultiEdit/NotebookEdit calls. */
function editedFiles(text) {
  const uses = new Map();
  const ok = new Set();
  const summaries = [];
  let cwd;
  for (const line of text.split('\n')) {
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      continue;
    }
    cwd ??= r.cwd;
    const content = r.message?.content;
    if (r.isCompactSummary) summaries.push(typeof content === 'string' ? content : JSON.stringify(content));
    if (!Array.isArray(content)) continue;
    for (const b of content) {
      if (b.type === 'tool_use' && ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'].includes(b.name)) {
        uses.set(b.id, b.input?.file_path ?? b.input?.notebook_path);
      }
      if (b.type === 'tool_result' && uses.has(b.tool_use_id) && !b.is_error) ok.add(uses.get(b.tool_use_id));
    }
  }
  return { files: [...ok].filter(Boolean), summaries, cwd };
}

function rel(path, cwd) {
  if (!cwd || !path.startsWith(`${cwd}/`)) return path;
  return path.slice(cwd.length + 1);
}

const rows = [];
for (const path of targets) {
  const text = readFileSync(path, 'utf8');
  const { files, summaries, cwd } = editedFiles(text);
  const wrapper = `const t=process.hrtime.bigint();const {main}=await import(${JSON.stringify(join(ROOT, 'dist/cli/index.js'))});const out=[];const code=await main(['compile',process.argv[1]],{stdout:(s)=>out.push(s),stderr:(s)=>process.stderr.write(s),readStdin:async()=>Buffer.alloc(0),stdinIsTTY:true,stdoutIsTTY:false,env:process.env,cwd:process.cwd()});const ms=Number(process.hrtime.bigint()-t)/1e6;process.stdout.write(JSON.stringify({code,ms,rss:process.resourceUsage().maxRSS,draft:out.join('')}));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper, path], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const { code, ms, rss, draft } = JSON.parse(run.stdout);
  const handoff = parseBaton(draft).handoff;
  const relFiles = files.map((f) => rel(f, cwd));
  const named = relFiles.filter(namedIn(draft, relFiles)).length;
  const summary = summaries.join('\n');
  const inSummary = summaries.length
    ? relFiles.filter((f) => summary.includes(f) || summary.includes(basename(f))).length
    : undefined;
  // Written through `baton write` in a fresh repository, then validated.
  const repo = mkdtempSync(join(tmpdir(), 'baton-eval-'));
  spawnSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  spawnSync(
    'git',
    ['-c', 'user.email=e@x', '-c', 'user.name=e', 'commit', '-q', '--allow-empty', '-m', 'init'],
    { cwd: repo },
  );
  const write = spawnSync(process.execPath, [BIN, 'compile', '--write', path], {
    cwd: repo,
    encoding: 'utf8',
  });
  const validate = spawnSync(process.execPath, [BIN, 'validate', '-q'], { cwd: repo, encoding: 'utf8' });
  rmSync(repo, { recursive: true, force: true });
  rows.push({
    transcript: basename(path),
    bytes: text.length,
    transcriptTokens: tokens.count(text),
    handoffTokens: tokens.count(draft),
    edited: files.length,
    named,
    summaryNames: inSummary,
    commandsListed: handoff.validation.length,
    commandsRun: (draft.match(/(\d+) commands \(\d+ checks\)/) ?? [])[1],
    ms: Math.round(ms),
    rssMB: Math.round(rss / 1024),
    compileExit: code,
    written: write.status === 0,
    verdict: validate.status === 0 ? 'VALID' : `exit ${validate.status}: ${validate.stderr.trim()}`,
  });
}

if (asJson) console.log(JSON.stringify(rows, null, 2));
else {
  const pct = (a, b) => (b ? `${Math.round((100 * a) / b)}%` : '—');
  console.log(
    '| transcript | transcript tokens | handoff tokens | edited files | named | host summary names | checks listed / commands run | time | peak RSS | written |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const summary =
      r.summaryNames === undefined ? 'no summary' : `${r.summaryNames} (${pct(r.summaryNames, r.edited)})`;
    console.log(
      `| ${r.transcript} | ${r.transcriptTokens} | ${r.handoffTokens} | ${r.edited} | ${r.named} (${pct(r.named, r.edited)}) | ${summary} | ${r.commandsListed} / ${r.commandsRun} | ${r.ms} ms | ${r.rssMB} MB | ${r.verdict} |`,
    );
  }
}
process.exitCode = rows.every((r) => r.verdict === 'VALID' && r.named === r.edited) ? 0 : 1;
