/** `importHandoff` on free-form handoffs written in the styles seen in real repositories. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importHandoff } from '../../src/import/index.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'import');
const NOW = new Date('2026-11-30T01:14:19Z');
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const run = (name: string, extra = {}) => importHandoff(read(name), { name, path: name, now: NOW, ...extra });

describe('import of free-form handoffs', () => {
  it.each([
    'es-session.md',
    'ru-numbered.md',
    'zh-table.md',
    'labels.txt',
    'session.yaml',
    'handoff.xml',
    'status-table.md',
    'append-log.json',
    'compact-summary.md',
    'tasks.yaml',
    // Not status-words.md ("# Sprint handoff"): a one-word title is no goal (issue 12 item 5).
  ])(
    '%s: maps a goal or summary and done or remaining work, loses no text, verifies nothing',
    async (name) => {
      const r = await run(name);
      const f = r.report.fields;
      expect(f.includes('goal') || f.includes('summary'), `fields: ${f}`).toBe(true);
      expect(f.includes('done') || f.includes('remaining'), `fields: ${f}`).toBe(true);
      expect(r.report.textLost).toEqual([]);
      expect(r.handoff.done.every((d) => d.result === 'unverified' && d.command === undefined)).toBe(true);
      expect(r.handoff.provenance).toBeUndefined();
      expect(r.markdown.startsWith('---\nschema: baton/handoff-v1\n')).toBe(true);
    },
  );

  it('reads Spanish headings, checkboxes, status emoji, labelled sub-spec lines and reasons', async () => {
    const { handoff: h, report } = await run('es-session.md');
    expect(h.from).toBe('agente-constructor');
    expect(h.goal).toBe('Migrar el servicio de pagos a la API v2 sin tiempo de inactividad.');
    expect(h.done.map((d) => d.text)).toEqual([
      'Cliente HTTP migrado a la v2',
      'Pruebas de contrato actualizadas (`npm run test:contract`)',
      'Configuración de reintentos revisada',
    ]);
    expect(h.remaining[0]).toEqual({
      title: 'Migrar los webhooks',
      files_in_scope: ['src/webhooks/handler.ts'],
      verify_by: ['npm run test:webhooks'],
    });
    expect(h.remaining.map((s) => s.title)).toContain('Avisar al equipo de soporte');
    expect(h.decisions[0]).toEqual({
      decision: 'Usar reintentos exponenciales',
      reason: 'la API v2 limita la tasa de peticiones',
      rejected: [],
    });
    expect(h.files_touched).toEqual([
      { action: 'created', path: 'src/client/http.ts', note: 'nuevo cliente' },
      { action: 'modified', path: 'src/config/retry.ts', note: 'actualizado' },
    ]);
    expect(h.open_concerns[0]).toBe('El sandbox de la v2 falla de forma intermitente');
    expect(h.notes).toContain(
      '### Contexto adicional\n\nEl proveedor cambió la firma de los webhooks en febrero',
    );
    expect(report.provenanceCandidates).toEqual([
      { field: 'branch', value: 'feat/pagos-v2', line: 4, from: 'key' },
      { field: 'date', value: '2026-03-14', line: 5, from: 'key' },
      { field: 'worktree', value: '/Users/lucia/code/pagos', line: 6, from: 'key' },
    ]);
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        code: 'privacy-local-path',
        line: 6,
        message: expect.stringContaining('/Users/lucia/'),
      }),
    );
  });

  it('reads Russian numbered headings: dead ends, status marks and plain key lines', async () => {
    const { handoff: h, report } = await run('ru-numbered.md');
    expect(h.summary).toBe('Кэш включён для бэкенда; фронтенд ещё собирается без кэша.');
    expect(h.done.map((d) => d.text)).toEqual([
      'Настроен удалённый кэш для бэкенда',
      'Добавлена метрика попаданий в кэш',
    ]);
    expect(h.remaining.map((s) => s.title)).toEqual([
      'Перенос фронтенда начат',
      'Включить кэш для фронтенда',
      'Проверить холодную сборку: `make ci-cold`',
    ]);
    expect(h.dead_ends).toEqual([
      { attempt: 'Локальный кэш на раннерах', reason: 'раннеры пересоздаются после каждой сборки' },
    ]);
    expect(report.provenanceCandidates.map((c) => [c.field, c.value])).toEqual([
      ['date', '2026-02-01'],
      ['branch', 'cache-rework'],
      ['head', '3f9a2c1d'],
    ]);
  });

  it('reads Chinese headings and key/value tables', async () => {
    const { handoff: h } = await run('zh-table.md');
    expect(h.goal).toBe('把日志采集从 Filebeat 换成 Vector，并保持字段兼容。');
    expect(h.decisions.map((d) => d.decision)).toEqual([
      '采集器: 使用 Vector 0.34',
      '字段映射: 保留旧字段名，新增 `trace_id`',
    ]);
    expect(h.files_touched).toEqual([
      { action: 'created', path: 'deploy/vector.toml', note: '新增采集配置' },
      { action: 'modified', path: 'deploy/filebeat.yml', note: '标记为废弃' },
    ]);
    expect(h.remaining).toHaveLength(2);
  });

  it('routes the rows of a status table by their marks', async () => {
    const { handoff: h } = await run('status-table.md');
    expect(h.done.map((d) => d.text)).toEqual(['API: State: upgraded; Notes: Node 22']);
    expect(h.remaining.map((s) => s.title)).toEqual([
      'Worker: State: in progress; Notes: queue client pending',
      'Finish the worker queue client',
    ]);
    expect(h.open_concerns).toEqual(['Scheduler: State: blocked; Notes: waits for the cron library fix']);
  });

  it('reads YAML (keeping its comments) and XML data by key synonyms', async () => {
    const yaml = await run('session.yaml');
    expect(yaml.report.format).toBe('yaml');
    expect(yaml.handoff).toMatchObject({
      from: 'planner-2',
      summary: 'Search indexing works for posts; comments are not indexed yet.',
    });
    expect(yaml.handoff.remaining[0]).toEqual({
      title: 'Index comments',
      files_in_scope: ['src/search/comments.ts'],
      verify_by: ['npm test -- search'],
    });
    expect(yaml.handoff.notes).toContain('# written by the planner agent');
    const xml = await run('handoff.xml');
    expect(xml.report.format).toBe('xml');
    expect(xml.handoff).toMatchObject({ from: 'reviewer', task: 'PR-88' });
    expect(xml.handoff.done.map((d) => d.text)).toEqual([
      'Read all 23 changed files',
      'Ran the auth test suite locally',
    ]);
  });

  it('reads a compaction summary: numbered `1. Label:` lines with indented text are sections', async () => {
    const { handoff: h } = await run('compact-summary.md');
    expect(h.goal).toBe(
      'The user asked to add rate limiting to the public API and to keep the existing client SDKs working.',
    );
    expect(h.remaining.map((s) => s.title)).toEqual([
      'Add the `Retry-After` header',
      'Document the limits in the API guide',
      'Finish the burst test, then add the `Retry-After` header.',
    ]);
    expect(h.notes).toContain('### Current Work\n\nWriting tests for the burst case');
  });

  it('routes records and rows by their status word, and items by a status tag', async () => {
    const yaml = (await run('tasks.yaml')).handoff;
    expect(yaml.goal).toBe('invoice export');
    expect(yaml.done.map((d) => d.text)).toEqual(['CSV exporter (status: done)']);
    expect(yaml.remaining.map((s) => s.title)).toEqual(['PDF exporter', 'Scheduled exports']);
    expect(yaml.remaining[0]?.verify_by).toEqual(['npm test -- pdf']);
    expect(yaml.open_concerns).toEqual([
      'Email delivery (status: blocked; note: waiting for SMTP credentials)',
    ]);
    const md = (await run('status-words.md')).handoff;
    expect(md.done.map((d) => d.text)).toEqual([
      'Login page: Status: Done; Owner: ana',
      '[DONE] Migrated the users table',
    ]);
    expect(md.remaining.map((s) => s.title)).toEqual([
      'Password reset: Status: In progress; Owner: ben',
      'Audit log: Status: Todo',
      'TODO: remove the legacy session cookie',
    ]);
    expect(md.open_concerns).toEqual(['SSO: Status: Blocked; Owner: ana']);
  });

  it('imports a format baton knows with its codec', async () => {
    const forge = readFileSync(
      join(import.meta.dirname, '..', 'fixtures', 'forge', 'valid', 'skill-example.json'),
      'utf8',
    );
    const r = await importHandoff(forge, { now: NOW });
    expect(r.report.format).toBe('forge');
    expect(r.handoff.goal).toBe('Audit the deploy pipeline against floors F1-F13 and fix what fails');
  });

  it('over the caps still imports, with the cap findings; fit folds the oldest entries into an archive', async () => {
    const plain = await run('append-log.json');
    expect(plain.report.findings.some((f) => f.code.startsWith('cap-'))).toBe(true);
    expect(plain.archive).toBeUndefined();
    const fitted = await run('append-log.json', { fit: { archiveName: 'log.archive.md' } });
    expect(fitted.report.findings.filter((f) => f.code.startsWith('cap-'))).toEqual([]);
    expect(fitted.archive?.entries).toBeGreaterThan(0);
    expect(fitted.report.archive).toMatchObject({ name: 'log.archive.md', entries: fitted.archive?.entries });
    // The newest entry is the summary; the oldest is in the archive, verbatim.
    expect(fitted.handoff.summary).toMatch(/^Session 39: implemented step 39/);
    expect(fitted.archive?.markdown).toContain('"note": "Session 0: implemented step 0 of the migration.');
    expect(fitted.handoff.notes).toMatch(
      /^The \d+ oldest entries of the source were folded into log\.archive\.md/,
    );
    // Nothing is lost between the two files.
    expect(fitted.report.textLost).toEqual([]);
  });
});

describe('bad input to import', () => {
  it('malformed JSON is an error with its line', async () => {
    await expect(importHandoff('{\n "done": [1,]\n}')).rejects.toThrow(/^not valid JSON/);
    await expect(importHandoff('{"a": 1,\n"b" 2}')).rejects.toThrow(/^not valid JSON \(line 2\)/);
  });

  it('YAML with an alias bomb is refused, not expanded', async () => {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [i, prev] of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].entries()) {
      const name = String.fromCharCode(98 + i);
      bomb.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    await expect(importHandoff(bomb.join('\n'), { name: 'bomb.yaml' })).rejects.toThrow(
      /not valid YAML: .*alias/i,
    );
  });

  it('10,000 levels of nesting are imported bounded (JSON, Markdown lists, quotes)', async () => {
    const json = `{"next": ${'['.repeat(10_000)}"deep"${']'.repeat(10_000)}}`;
    const r = await importHandoff(json);
    expect(r.report.format).toBe('json');
    const md = await importHandoff(`# Deep\n\n## Done\n\n${'- '.repeat(10_000)}deep\n`);
    expect(md.handoff.done).toHaveLength(1);
    const xml = await importHandoff(`${'<a>'.repeat(10_000)}deep${'</a>'.repeat(10_000)}`);
    expect(xml.markdown).toContain('deep');
    const quotes = await importHandoff(`# Q\n\n${'>'.repeat(10_000)} deep\n`);
    expect(quotes.handoff.title).toBe('Q');
  });

  it('a JSON array is read as a log of entries', async () => {
    const r = await importHandoff(
      '[{"summary": "first pass"}, {"summary": "second pass", "next": ["ship it"]}]',
    );
    expect(r.handoff.summary).toBe('second pass');
    expect(r.handoff.done.map((d) => d.text)).toEqual(['first pass']);
    expect(r.handoff.remaining.map((s) => s.title)).toEqual(['ship it']);
  });
});
