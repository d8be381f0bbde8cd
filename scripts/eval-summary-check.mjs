#!/usr/bin/env node
/**
 * Evaluates the host-summary check over real sessions with compactions (default:
 * ../shared/corpus/transcripts/ beside the main checkout or $BATON_CORPUS, or the files and folders given). Each session is cut just before
 * each `compact_boundary` (Claude Code) or `compacted` item (Codex); the prefix is read as baton
 * reads a log, and the summary the host wrote at that point is checked against it, without git.
 * The summaries are the hosts' real ones, so every contradiction reported is to be looked at: on
 * summaries that hold up, the right count is zero.
 *
 * With --plant, each summary also gets false claims made up from its own prefix (a file no tool
 * call wrote; "all checks pass" when the last check failed as read; a test count no run printed,
 * where every test run printed one; a pending task said to be done), and the
 * script counts how many of them the check catches. Build first.
 *
 *   node scripts/eval-summary-check.mjs [paths…] [--plant] [--json] [--verbose]
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { corpusRoot } from './_eval-read.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const inputs = args.filter((a) => !a.startsWith('--'));
const { readTranscript } = await import(join(ROOT, 'dist/transcripts/transcripts.js'));
const { checkSummary } = await import(join(ROOT, 'dist/transcripts/summary-check.js'));
const { detectTranscript } = await import(join(ROOT, 'dist/transcripts/detect.js'));

function sessions(path) {
  if (!existsSync(path)) {
    console.error(`eval-summary-check: no such file or folder: ${path}`);
    process.exit(2);
  }
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((n) => {
      const p = join(path, n);
      if (statSync(p).isDirectory()) return n === 'subagents' ? [] : sessions(p);
      return n.endsWith('.jsonl') && !n.startsWith('agent-') ? [p] : [];
    });
}

function parse(line) {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function textOf(content) {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((b) => b?.text ?? '').join('\n') : '';
}

/** Every compaction of a session: the lines before it and the summary the host wrote there. */
function cuts(path, kind) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const out = [];
  lines.forEach((line, i) => {
    const r = parse(line);
    if (!r) return;
    if (kind === 'claude-code' && r.type === 'system' && r.subtype === 'compact_boundary') {
      for (const next of lines.slice(i + 1, i + 40)) {
        const s = parse(next);
        if (s?.isCompactSummary) {
          // The boundary record is read with the log, as the hook at SessionStart reads it.
          out.push({ at: i + 1, summary: textOf(s.message?.content) });
          break;
        }
      }
    } else if (
      kind === 'codex' &&
      r.type === 'compacted' &&
      typeof r.payload?.message === 'string' &&
      r.payload.message
    ) {
      out.push({ at: i, summary: r.payload.message });
    }
  });
  return out.map((c) => ({ ...c, prefix: lines.slice(0, c.at).join('\n') }));
}

/** False claims made from the prefix itself: each one is wrong by construction. */
function plants(session) {
  const out = [
    { text: '- Created `src/planted-by-eval/never-written.ts` with the new parser.', kind: 'file' },
  ];
  // Checks as the session model read them (a run through `| tail` is read by its output).
  const runs = session.commands.filter((c) => c.check !== undefined);
  const last = runs.at(-1);
  if (last?.check.passed === false) out.push({ text: 'All checks pass.', kind: 'check' });
  // A count no run printed, where every test run printed one.
  const tests = runs.filter((c) => /\b(?:test|tests|spec|pytest|vitest|jest|rspec|mocha)\b/.test(c.command));
  const counted = tests.filter(
    (c) => c.check.counts?.passed !== undefined && c.check.counts.runner !== 'go test',
  );
  if (counted.length > 0 && counted.length === tests.length) {
    const most = Math.max(...counted.map((c) => c.check.counts.passed + (c.check.counts.failed ?? 0)));
    out.push({ text: `- ${most + 17} tests pass.`, kind: 'check' });
  }
  const open = session.tasks.find((t) => t.status !== 'completed' && t.text.split(/\s+/).length >= 3);
  if (open) out.push({ text: `- ✅ ${open.text} — done.`, kind: 'done' });
  return out;
}

const rows = [];
const tmp = mkdtempSync(join(tmpdir(), 'baton-eval-summary-'));
try {
  for (const path of (inputs.length
    ? inputs
    : [process.env.BATON_CORPUS ?? join(corpusRoot(), 'transcripts')]
  ).flatMap(sessions)) {
    let kind;
    try {
      kind = detectTranscript(path);
    } catch {
      continue;
    }
    for (const [n, cut] of cuts(path, kind).entries()) {
      const name = basename(path, '.jsonl');
      const prefix = join(tmp, `${name}.${n}.jsonl`);
      writeFileSync(prefix, `${cut.prefix}\n`);
      const agents = join(dirname(path), name, 'subagents');
      if (existsSync(agents)) symlinkSync(join(dirname(path), name), join(tmp, `${name}.${n}`));
      const session = await readTranscript(prefix, kind);
      const t0 = performance.now();
      const result = checkSummary(session, cut.summary);
      const ms = performance.now() - t0;
      const row = {
        session: `${name.slice(0, 40)} #${n + 1}`,
        kind,
        claims: count(result.claims),
        contradictions: result.contradictions,
        ms,
      };
      if (flag('--plant')) {
        const planted = plants(session);
        const again = checkSummary(
          session,
          `Progress:\n${planted.map((p) => p.text).join('\n')}\n\n${cut.summary}`,
        );
        const extra = again.contradictions.filter(
          (c) => !result.contradictions.some((o) => o.said === c.said && o.shows === c.shows),
        );
        row.planted = planted.length;
        const caught = planted.filter((p) => extra.some((c) => c.claim.kind === p.kind));
        row.caught = caught.length;
        row.missed = planted.filter((p) => !caught.includes(p)).map((p) => p.text);
        row.complete = session.subagents ?? null;
      }
      rows.push(row);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

function count(claims) {
  const by = { file: 0, check: 0, commit: 0, done: 0 };
  for (const c of claims) by[c.kind]++;
  return by;
}

if (flag('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const plant = flag('--plant');
  console.log(
    `| compaction | host | claims: files / checks / commits / done | contradictions |${plant ? ' planted caught |' : ''} check time |`,
  );
  console.log(`|---|---|---:|---:|${plant ? '---:|' : ''}---:|`);
  for (const r of rows) {
    const c = r.claims;
    console.log(
      `| ${r.session} | ${r.kind} | ${c.file} / ${c.check} / ${c.commit} / ${c.done} | ${r.contradictions.length} |${plant ? ` ${r.caught} of ${r.planted} |` : ''} ${r.ms.toFixed(1)} ms |`,
    );
  }
  const total = rows.reduce((n, r) => n + r.contradictions.length, 0);
  console.log(`\n${rows.length} compactions; contradictions reported: ${total}`);
  if (plant) {
    const planted = rows.reduce((n, r) => n + r.planted, 0);
    const caught = rows.reduce((n, r) => n + r.caught, 0);
    console.log(`planted false claims caught: ${caught} of ${planted}`);
  }
  if (plant && flag('--verbose'))
    for (const r of rows)
      for (const m of r.missed)
        console.log(`- missed in ${r.session} (subagents ${JSON.stringify(r.complete)}): ${m}`);
  if (flag('--verbose') || total > 0) {
    for (const r of rows)
      for (const c of r.contradictions)
        console.log(`- ${r.session} line ${c.claim.line}: ${c.said}; ${c.shows}`);
  }
}
