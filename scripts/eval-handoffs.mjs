#!/usr/bin/env node
/**
 * The quality benchmark of compiled handoffs (`npm run eval:handoffs`; build first). Every session
 * with compactions is cut just before each boundary; the prefix is compiled by the built baton and
 * the host's own summary (the record right after the boundary) is put beside it. Both are scored
 * on the same probes: files edited before the cut named, files edited in the next 60 tool calls
 * named, the person's requests kept, Done ∩ Remaining, checks reported failed that did not fail,
 * and size in tokens; and the ceiling, the files edited next that the log before the cut names. A Codex rollout without compaction is cut at a quarter, half, three
 * quarters and its end. The probes' own reading of the logs is in `_eval-read.mjs` and
 * `_eval-probes.mjs`, not baton's.
 *
 *   node scripts/eval-handoffs.mjs [session files or folders…] [--json] [--check] [--misses] [--dump DIR]
 *
 * --misses lists, per cut, the files edited next that the handoff does not name although the log
 * before the cut does (marked * where the host's summary names them); --dump DIR writes each cut's
 * handoff and summary there.
 *
 * Always ../shared/corpus/transcripts/ beside the main checkout (or $BATON_CORPUS), the set tuned
 * on. More paths, as arguments or in BATON_EVAL_SESSIONS (separated by `:`), are scored as held
 * out; paths in BATON_EVAL_TUNING as further tuning sessions (a held-out set, once its misses have
 * been studied, is tuning from then on). --check exits 1 when a goal of issue 21 is missed on any set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, relative, win32 } from 'node:path';
import { performance } from 'node:perf_hooks';
import { contradictions, keptIn, lastProgram, namedIn, summaryLists, truthOf } from './_eval-probes.mjs';
import { commandOf, corpusRoot, editedBy, readSession } from './_eval-read.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'dist/bin/baton.cjs');
const CORPUS = process.env.BATON_CORPUS ?? join(corpusRoot(), 'transcripts');
const NEXT_CALLS = 60;
// The Notes' table of the person's requests, from its heading to the next heading or the end.
const REQUESTS_TABLE = /\n### The person's requests, in order\n[\s\S]*?(?=\n##|$)/;
// A question as the probe reads one: a question mark at its end, or a closing particle that asks
// in Chinese or Japanese (吗, 呢, か) before the end or a comma.
const asks = (p) => /[?？]\s*$|[吗呢][\s，,。.!！]|[吗呢か]\s*$/.test(p);
// A session recorded on Windows: its paths by Windows' rules (either separator, drive, no case).
const WINDOWS = /^(?:[A-Za-z]:[\\/]|\\\\)/;

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const check = args.includes('--check');
const misses = args.includes('--misses');
const dumpAt = args.indexOf('--dump');
const dump = dumpAt >= 0 ? args.splice(dumpAt, 2)[1] : undefined;
if (dump) mkdirSync(dump, { recursive: true });
const listed = (name) => (process.env[name] ?? '').split(':').filter(Boolean);
const extra = [...args.filter((a) => !a.startsWith('--')), ...listed('BATON_EVAL_SESSIONS')];
const sessionFiles = (p) => {
  if (!existsSync(p)) {
    console.error(`eval-handoffs: no such file or folder: ${p}`);
    process.exit(2);
  }
  return statSync(p).isDirectory()
    ? readdirSync(p, { recursive: true })
        .map(String)
        .filter((n) => n.endsWith('.jsonl') && !n.includes('subagents/'))
        .sort()
        .map((n) => join(p, n))
    : [p];
};
const { loadTokenCounter } = await import(join(ROOT, 'dist/tokens/count.js'));
const { parseBaton } = await import(join(ROOT, 'dist/formats/baton/parse.js'));
const tokens = await loadTokenCounter('o200k_base');
const work = mkdtempSync(join(tmpdir(), 'baton-eval-h-'));

const targets = [
  ...sessionFiles(CORPUS).map((path) => ({ path, set: 'corpus' })),
  ...listed('BATON_EVAL_TUNING')
    .flatMap(sessionFiles)
    .map((path) => ({ path, set: 'tuning' })),
  ...extra.flatMap(sessionFiles).map((path) => ({ path, set: 'held-out' })),
];
const rows = [];
for (const { path, set } of targets) {
  const session = readSession(path);
  const label = session.kind === 'codex' ? `${set} (Codex)` : set;
  for (const cut of cutsOf(session)) rows.push(scoreCut(session, path, label, cut));
}
rmSync(work, { recursive: true, force: true });

/** Where to cut: before each compaction; a rollout without one at 1/4, 1/2, 3/4 and its end. */
function cutsOf(session) {
  const cuts = [];
  const { events } = session;
  for (const [i, e] of events.entries()) {
    if (e.type !== 'boundary') continue;
    const summary = events.slice(i + 1).find((x) => x.type === 'summary' || x.type === 'boundary');
    cuts.push({
      line: e.line,
      label: `compaction ${cuts.length + 1}`,
      summary: summary?.type === 'summary' ? summary : undefined,
    });
  }
  if (cuts.length > 0 || session.kind !== 'codex') return cuts;
  const tools = events.filter((e) => e.type === 'tool');
  for (const q of [1, 2, 3]) {
    const at = tools[Math.floor((tools.length * q) / 4)];
    if (at) cuts.push({ line: at.line, label: `cut at ${q}/4` });
  }
  cuts.push({ line: session.lines.length, label: 'end' });
  return cuts;
}

function inside(path, cwd) {
  if (cwd && WINDOWS.test(cwd)) {
    const rel = win32.relative(cwd, win32.resolve(cwd, path));
    return rel === '' || rel.startsWith('..') || win32.isAbsolute(rel)
      ? undefined
      : rel.split('\\').join('/');
  }
  if (!cwd) return isAbsolute(path) ? undefined : path;
  const rel = isAbsolute(path) ? relative(cwd, path) : path;
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel;
}

function scoreCut(session, path, set, cut) {
  const before = session.events.filter((e) => e.line < cut.line);
  const afterStart = cut.summary?.line ?? cut.line;
  const nextBoundary =
    session.events.find((e) => e.type === 'boundary' && e.line > afterStart)?.line ?? Infinity;
  const next = session.events
    .filter((e) => e.type === 'tool' && e.line >= afterStart && e.line < nextBoundary)
    .slice(0, NEXT_CALLS);
  const rel = (events) => [
    ...new Set(
      events
        .flatMap((e) => (e.type === 'tool' ? editedBy(e) : []))
        .flatMap((p) => inside(p, session.cwd) ?? []),
    ),
  ];
  const editedBefore = rel(before);
  const editedNext = rel(next);
  const everyPath = rel(session.events);
  // The ceiling: files edited next that any text of the log before the cut names at all.
  const seen = namedIn(textBefore(session.lines, cut.line), everyPath);
  const requests = before.filter((e) => e.type === 'request').map((e) => e.text);
  // Each command once, at the place of its latest run; `2>&1` only joins the error output to the
  // rest, so a command with it and without is the same.
  const joined = (c) =>
    c
      .replace(/\s+2>&1(?=\s|$)/g, '')
      .replace(/\s*;\s*/g, '; ')
      .trim();
  // A command the host refused before it ran (`<tool_use_error>`, the person said no) is no run.
  const ran = (r) => !/^\s*(?:<tool_use_error>|The user doesn't want to)/.test(r?.text ?? '');
  const lastRuns = new Map();
  for (const e of before) {
    const command = e.type === 'tool' ? commandOf(e) : undefined;
    if (!command || !ran(e.result)) continue;
    lastRuns.delete(joined(command));
    lastRuns.set(joined(command), e.result);
  }
  // A reported check is its exact command, or the latest run it begins (`mix test` of `mix test | tail`);
  // one said with a `cd` the log's runs of it may not have typed, the same without it.
  const found = (reported) => {
    const c = joined(reported);
    const hit = lastRuns.has(c) ? c : [...lastRuns.keys()].reverse().find((k) => k.startsWith(`${c} `));
    const bare = /^cd\s+\S+\s*&&\s*/.exec(c);
    return hit ?? (bare ? found(c.slice(bare[0].length)) : undefined);
  };
  const lastCommand = (reported) => found(reported) ?? joined(reported);
  const lastRun = (reported) => lastRuns.get(found(reported));
  const compiled = compileCut(session, path, cut);
  const summary = cut.summary?.text;
  if (dump) {
    const stem = join(dump, `${shortName(path)} ${cut.label}`.replace(/[^\w.-]+/g, '_'));
    writeFileSync(`${stem}.handoff.md`, compiled.draft);
    if (summary !== undefined) writeFileSync(`${stem}.summary.md`, summary);
  }
  const score = (text, lists, failed, pipeJudged, prefs) => {
    const named = namedIn(text, everyPath);
    const kept = keptIn(text);
    const falselyFailed = failed.filter((c) => truthOf(lastCommand(c), lastRun(c)) !== 'failed');
    return {
      before: editedBefore.filter(named).length,
      next: editedNext.filter(named).length,
      requests: requests.filter(kept).length,
      contradictions: contradictions(lists.done, lists.remaining).length,
      falseFailed: falselyFailed.length,
      falselyFailed,
      pipeJudged,
      questions: prefs === undefined ? undefined : prefs.filter(asks).length,
      tokens: tokens.count(text),
    };
  };
  const h = compiled.handoff;
  const failedChecks = [
    ...new Set([
      ...h.validation.filter((v) => v.result === 'failed').map((v) => v.command),
      ...h.remaining.flatMap((r) => (/^Make `.+` pass$/.test(r.title) ? r.verify_by.slice(0, 1) : [])),
    ]),
  ];
  const pipeJudged = h.validation.filter(
    (v) => v.result !== 'not run' && lastProgram(v.command).hidden && /^exit \d/.test(v.outcome ?? ''),
  ).length;
  const row = {
    session: shortName(path),
    set,
    cut: cut.label,
    editedBefore: editedBefore.length,
    editedNext: editedNext.length,
    namedBefore: editedNext.filter(seen).length,
    requests: requests.length,
    baton: score(
      compiled.draft,
      {
        done: h.done.map((d) => d.text),
        remaining: h.remaining.map((r) => [r.title, r.goal].filter(Boolean).join(' ')),
      },
      failedChecks,
      pipeJudged,
      h.preferences,
    ),
    // What the handoff weighs without the table of the person's requests (kept whole by design),
    // to show how much of a ratio over the size goal is that table.
    tokensBesideRequests: tokens.count(compiled.draft.replace(REQUESTS_TABLE, '')),
    ms: compiled.ms,
    verdict: compiled.verdict,
  };
  if (misses) {
    const inHandoff = namedIn(compiled.draft, everyPath);
    const inSummary = summary === undefined ? () => false : namedIn(summary, everyPath);
    row.missedNext = editedNext
      .filter((p) => seen(p) && !inHandoff(p))
      .map((p) => (inSummary(p) ? `${p} *` : p));
  }
  if (summary !== undefined) {
    const reported = summary
      .split('\n')
      .filter((l) => /\b(?:fail|failing|failed|error|broken)\b/i.test(l))
      .flatMap((l) => [...l.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim()))
      .filter((c) => lastRuns.has(joined(c)));
    row.host = score(summary, summaryLists(summary), [...new Set(reported)], undefined, undefined);
  }
  return row;
}

/** Compiles the prefix with the built CLI, then writes and validates it in a fresh repository. */
function compileCut(session, path, cut) {
  const name = basename(path, '.jsonl');
  const file = join(work, `${name}.jsonl`);
  writeFileSync(file, `${session.lines.slice(0, cut.line).join('\n')}\n`);
  const t0 = performance.now();
  const run = spawnSync(process.execPath, [BIN, 'compile', file], {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`compile ${name} (${cut.label}) exited ${run.status}: ${run.stderr}`);
  const repo = mkdtempSync(join(work, 'repo-'));
  const git = (...a) => spawnSync('git', a, { cwd: repo, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.email=e@x', '-c', 'user.name=e', 'commit', '-q', '--allow-empty', '-m', 'init');
  const write = spawnSync(process.execPath, [BIN, 'compile', '--write', file], {
    cwd: repo,
    encoding: 'utf8',
  });
  const validate = spawnSync(process.execPath, [BIN, 'validate', '-q'], { cwd: repo, encoding: 'utf8' });
  rmSync(repo, { recursive: true, force: true });
  const verdict =
    write.status === 0 && validate.status === 0
      ? 'VALID'
      : `exit ${write.status}/${validate.status}: ${(write.stderr + validate.stderr).trim()}`;
  return { draft: run.stdout, handoff: parseBaton(run.stdout).handoff, ms, verdict };
}

/** Every string of the log's records before the cut, one after the other (keys and JSON left out). */
function textBefore(lines, end) {
  const out = [];
  const walk = (v) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const line of lines.slice(0, end)) {
    try {
      walk(JSON.parse(line));
    } catch {
      out.push(line);
    }
  }
  return out.join('\n');
}

function shortName(path) {
  return basename(path, '.jsonl')
    .replace(/^claude-code__|^codex__/, '')
    .replace(/^rollout-[\dT-]+-/, 'codex ')
    .replace(/([0-9a-f]{8})-[0-9a-f-]{27}$/, '$1');
}

const pct = (a, b) => (b ? `${Math.round((100 * a) / b)}%` : '—');
/** A host column's count, or — where no cut of the set has a host summary (a Codex rollout that never compacted). */
const host = (t, n) => (t.hosted ? n : '—');
const totals = (set) => {
  const rs = rows.filter((r) => r.set === set);
  const sum = (f) => rs.reduce((n, r) => n + (f(r) ?? 0), 0);
  const hosted = rs.filter((r) => r.host);
  const ratios = hosted.map((r) => r.baton.tokens / r.host.tokens).sort((a, b) => a - b);
  return {
    set,
    cuts: rs.length,
    before: [sum((r) => r.baton.before), sum((r) => r.editedBefore)],
    next: [sum((r) => r.baton.next), sum((r) => r.editedNext)],
    ceiling: [sum((r) => r.namedBefore), sum((r) => r.editedNext)],
    hostBefore: [sum((r) => r.host?.before), hosted.reduce((n, r) => n + r.editedBefore, 0)],
    hostNext: [sum((r) => r.host?.next), hosted.reduce((n, r) => n + r.editedNext, 0)],
    batonNextHosted: sum((r) => (r.host ? r.baton.next : 0)),
    requests: [sum((r) => r.baton.requests), sum((r) => r.requests)],
    hostRequests: [sum((r) => r.host?.requests), hosted.reduce((n, r) => n + r.requests, 0)],
    contradictions: sum((r) => r.baton.contradictions),
    hosted: hosted.length,
    hostContradictions: sum((r) => r.host?.contradictions),
    falseFailed: sum((r) => r.baton.falseFailed),
    hostFalseFailed: sum((r) => r.host?.falseFailed),
    pipeJudged: sum((r) => r.baton.pipeJudged),
    questions: sum((r) => r.baton.questions),
    maxRatio: ratios.at(-1),
    medianRatio: ratios[ratios.length >> 1],
    overHalf: ratios.filter((x) => x > 0.5).length,
    besideRequests: hosted.map((r) => r.tokensBesideRequests / r.host.tokens).sort((a, b) => a - b),
    invalid: rs.filter((r) => r.verdict !== 'VALID').length,
    medianMs: rs.map((r) => r.ms).sort((a, b) => a - b)[rs.length >> 1],
  };
};
const sets = [...new Set(rows.map((r) => r.set))].map(totals);

if (asJson) console.log(JSON.stringify({ rows, sets }, null, 2));
else {
  const pair = (b, h) => (h === undefined ? `${b} / —` : `${b} / ${h}`);
  console.log(
    '| session | cut | edited before: named (baton / host) | edited next: named (baton / host) | requests kept (baton / host) | Done ∩ Remaining | reported failed, did not fail | tokens (baton / host) | VALID |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.session}${r.set.startsWith('corpus') ? '' : ` (${r.set.replace(/ \(Codex\)$/, '').replace('held-out', 'held out')})`} | ${r.cut} | ${r.editedBefore}: ${pair(r.baton.before, r.host?.before)} | ${r.editedNext}: ${pair(r.baton.next, r.host?.next)} | ${r.requests}: ${pair(r.baton.requests, r.host?.requests)} | ${pair(r.baton.contradictions, r.host?.contradictions)} | ${pair(r.baton.falseFailed, r.host?.falseFailed)} | ${pair(r.baton.tokens, r.host?.tokens)} | ${r.verdict} |`,
    );
  }
  console.log('');
  console.log(
    "| set | cuts | edited before named: baton · host | edited next named: baton · host (ceiling) | requests kept: baton · host | Done ∩ Remaining | reported failed, did not fail | judged by a pipe filter's status | questions in Preferences | tokens baton/host: median · max (cuts over ½) | VALID | compile (CLI, median) |",
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const t of sets) {
    console.log(
      `| ${t.set} | ${t.cuts} | ${pct(...t.before)} · ${pct(...t.hostBefore)} | ${pct(...t.next)} · ${pct(...t.hostNext)} (${pct(...t.ceiling)}) | ${pct(...t.requests)} · ${pct(...t.hostRequests)} | ${t.contradictions} · ${host(t, t.hostContradictions)} | ${t.falseFailed} · ${host(t, t.hostFalseFailed)} | ${t.pipeJudged} | ${t.questions} | ${t.medianRatio?.toFixed(2) ?? '—'} · ${t.maxRatio?.toFixed(2) ?? '—'}${t.hosted ? ` (${t.overHalf}/${t.hosted})` : ''} | ${t.cuts - t.invalid}/${t.cuts} | ${Math.round(t.medianMs)} ms |`,
    );
  }
  console.log('');
  console.log('| set | tokens baton/host without the requests table: median · max (cuts over ½) |');
  console.log('|---|---:|');
  for (const t of sets.filter((x) => x.hosted)) {
    const b = t.besideRequests;
    const over = b.filter((x) => x > 0.5).length;
    console.log(
      `| ${t.set} | ${b[b.length >> 1].toFixed(2)} · ${b.at(-1).toFixed(2)} (${over}/${b.length}) |`,
    );
  }
}

if (misses)
  for (const r of rows) {
    if (r.missedNext?.length) console.error(`${r.session} ${r.cut} (${r.set}): ${r.missedNext.join(', ')}`);
    for (const c of r.baton.falselyFailed)
      console.error(`${r.session} ${r.cut} (${r.set}): reported failed: ${c}`);
  }

if (check) {
  const missed = sets.flatMap((t) => {
    const out = [];
    if (t.before[0] < 0.97 * t.before[1]) out.push(`${t.set}: files edited before the cut named under 97%`);
    if (t.next[0] < 0.5 * t.next[1]) out.push(`${t.set}: files edited next named under 50%`);
    if (t.batonNextHosted < t.hostNext[0])
      out.push(`${t.set}: files edited next named less often than by the host`);
    if (t.contradictions || t.falseFailed || t.pipeJudged || t.questions)
      out.push(`${t.set}: a false statement`);
    if (t.maxRatio > 0.5) out.push(`${t.set}: a handoff over half the host summary's tokens`);
    if (t.invalid) out.push(`${t.set}: a handoff that is not VALID`);
    return out;
  });
  for (const m of missed) console.error(m);
  process.exitCode = missed.length ? 1 : 0;
}
