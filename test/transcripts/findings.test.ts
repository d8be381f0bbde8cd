/** What the agent found: its sentences that state a cause, kept for the next agent, a few at most. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { noteFindings } from '../../src/transcripts/_findings.js';
import { emptySession, noteRequest } from '../../src/transcripts/_session.js';
import { compileTranscript } from '../../src/transcripts/transcripts.js';
import { writeClaudeSession } from './support/sessions.js';

const found = (...texts: string[]) => {
  const s = emptySession('claude-code');
  for (const t of texts) noteFindings(s, t);
  return s.findings;
};

describe('noteFindings', () => {
  it('keeps the sentence that states a cause, in the languages agents write', () => {
    expect(
      found('I checked the logs. The root cause is a stale lock file in /tmp/app.lock. Let me remove it.'),
    ).toEqual(['The root cause is a stale lock file in /tmp/app.lock.']);
    expect(found('Das Problem ist: der Cache ignoriert das Sprach-Cookie.')).toEqual([
      'Das Problem ist: der Cache ignoriert das Sprach-Cookie.',
    ]);
    expect(found('日志看完了。根本原因是端口配置重复，两个实例都用了 18800。让我修复：')).toEqual([
      '根本原因是端口配置重复，两个实例都用了 18800。',
    ]);
  });

  it('completes a bare "found it" with the sentence after it, and drops it when only a step follows', () => {
    expect(
      found('Found it! The **cache key** ignores the `lang` cookie, so every visitor gets German.'),
    ).toEqual(['Found it! The cache key ignores the `lang` cookie, so every visitor gets German.']);
    expect(found('找到问题了！容器里的配置没有启用插件。让我检查其他容器：')).toEqual([
      '找到问题了！容器里的配置没有启用插件。',
    ]);
    expect(found('I found the problem. Let me fix it now.')).toEqual([]);
    // A guess is no finding yet.
    expect(
      found('The issue is that the function might return :error in all cases.', '问题可能是端口冲突。'),
    ).toEqual([]);
    // A step that mentions an issue is a step, not a finding.
    expect(found('Let me look closer — maybe the issue is that the function always returns :error.')).toEqual(
      [],
    );
  });

  it('drops what was found once the agent says it is solved, a start of a list, and what came before a new request', () => {
    expect(
      found('The root cause is a stale lock file in /tmp/app.lock.', 'Removed it; the deploy works now.'),
    ).toEqual([]);
    expect(found('找到问题了！端口配置重复。', '已修复，A2A 通信恢复正常。')).toEqual([]);
    expect(found('这次超时的根本原因是：1.', 'The issue is that the tokens come from:')).toEqual([]);
    const s = emptySession('claude-code');
    noteFindings(s, 'The root cause is the cache key, which ignores the language cookie.');
    noteRequest(s, 'now the admin pages show German too');
    expect(s.findings).toEqual([]);
    noteRequest(s, 'ok');
    noteFindings(s, 'The real problem was the second cache zone, which has no cookie in its key.');
    noteRequest(s, '继续');
    expect(s.findings).toEqual([
      'The real problem was the second cache zone, which has no cookie in its key.',
    ]);
  });

  it('keeps the newest few, each once', () => {
    const many = Array.from({ length: 7 }, (_, i) => `The root cause is bug number ${i} in the parser.`);
    expect(found(...many, many[6] as string)).toEqual(many.slice(2));
  });
});

describe('a compiled handoff', () => {
  const dir = mkdtempSync(join(tmpdir(), 'baton-found-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the newest findings in Notes, secrets redacted as everywhere else', async () => {
    const path = join(dir, 'session.jsonl');
    const key = 'sk-live-4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c';
    writeClaudeSession(path, dir, [
      { user: 'The payments webhook fails since Monday, find out why' },
      { say: `Found it: the webhook secret in .env is ${key}, but the dashboard rotated it on Monday.` },
      { edit: 'src/webhook.ts' },
      { say: 'The real problem was the clock skew check, which rejects events older than 5 seconds.' },
      { bash: 'npm test', exit: 0 },
    ]);
    const { draft, handoff } = await compileTranscript(path);
    expect(handoff.notes).toContain('### What the agent found (its words, the newest last)');
    expect(handoff.notes).toContain(
      '- The real problem was the clock skew check, which rejects events older than 5 seconds.',
    );
    expect(draft).toContain('Found it: the webhook secret in .env is ');
    expect(draft).not.toContain(key.slice(8));
  });
});
