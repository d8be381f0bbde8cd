/**
 * `importHandoff` on styles the corpus does not have: German, French, Portuguese and Japanese
 * headings, bold labels, numbered plain-line headings, nested YAML, camelCase and snake_case JSON
 * keys, a JSON array of status records, custom XML tags, `DONE:` line prefixes, a changelog,
 * emoji-only statuses, a status column, CRLF with a BOM, and a front matter title.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importHandoff } from '../../src/import/index.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'import');
const NOW = new Date('2026-11-30T01:14:19Z');
const run = (name: string) =>
  importHandoff(readFileSync(join(FIXTURES, name), 'utf8'), { name, path: name, now: NOW });

// Each file: the fields it fills, and the source sections that stay in Notes (nothing else may).
const EXPECTED: [string, string[], string[]][] = [
  [
    'de-session.md',
    ['goal', 'done', 'remaining', 'decisions', 'files_touched', 'open_concerns'],
    ['Hintergrund'],
  ],
  [
    'fr-session.md',
    ['goal', 'done', 'remaining', 'decisions', 'files_touched', 'open_concerns'],
    ['Remarques diverses'],
  ],
  [
    'pt-session.md',
    ['goal', 'done', 'remaining', 'decisions', 'files_touched', 'open_concerns'],
    ['Observações gerais'],
  ],
  ['ja-session.md', ['goal', 'done', 'remaining', 'decisions', 'files_touched', 'open_concerns'], ['雑記']],
  ['bold-labels.md', ['goal', 'summary', 'done', 'remaining', 'open_concerns'], ['Watch out']],
  ['numbered-paren.md', ['goal', 'summary', 'done', 'remaining', 'open_concerns'], ['Trivia']],
  ['progress.yaml', ['goal', 'done', 'remaining', 'open_concerns'], ['context']],
  ['camel-snake.json', ['goal', 'done', 'remaining', 'decisions', 'open_concerns'], ['misc_notes']],
  ['status-array.json', ['done', 'remaining', 'open_concerns'], []],
  ['custom-tags.xml', ['goal', 'done', 'remaining', 'open_concerns'], []],
  ['prefixes.txt', ['goal', 'summary', 'done', 'remaining', 'open_concerns'], []],
  ['changelog.md', ['goal', 'done', 'remaining'], ['Remarks']],
  ['emoji-status.md', ['goal', 'summary', 'done', 'remaining', 'open_concerns'], []],
  ['status-column.md', ['goal', 'summary', 'done', 'remaining', 'open_concerns'], []],
  ['crlf-bom.md', ['goal', 'summary', 'done', 'remaining'], ['Misc']],
  ['frontmatter-title.md', ['goal', 'done', 'remaining'], ['Design chatter']],
];

describe('import of styles not in the corpus', () => {
  it.each(EXPECTED)('%s: fills %j, keeps only %j in Notes, loses no text', async (name, fields, notes) => {
    const { report, handoff } = await run(name);
    expect(report.fields).toEqual(fields);
    expect(report.mappings.filter((m) => m.field === 'notes').map((m) => m.source)).toEqual(notes);
    expect(report.textLost).toEqual([]);
    expect(handoff.done.every((d) => d.result === 'unverified' && d.command === undefined)).toBe(true);
  });

  it('reads German, French, Portuguese and Japanese headings, reasons after `, weil` and `, car`', async () => {
    const de = (await run('de-session.md')).handoff;
    expect(de.from).toBe('export-agent');
    expect(de.remaining.map((s) => s.title)).toEqual([
      'Export für Gutschriften ergänzen',
      'Zeitzone der Belegdaten prüfen',
    ]);
    expect(de.decisions[0]).toEqual({
      decision: 'Semikolon als Trennzeichen',
      reason: 'Excel in Deutschland es erwartet',
      rejected: [],
    });
    const fr = (await run('fr-session.md')).handoff;
    expect(fr.done.map((d) => d.text)).toEqual([
      "Ajout d'un identifiant stable pour chaque favori",
      'Fusion des listes côté serveur lors de la connexion',
    ]);
    expect(fr.decisions[0]?.reason).toBe('les horloges des téléphones dérivent');
    expect(fr.open_concerns).toEqual(['La fusion est lente au-delà de 5 000 favoris']);
    const pt = (await run('pt-session.md')).handoff;
    expect(pt.files_touched).toEqual([{ action: 'modified', path: 'app/screens/Reschedule.tsx' }]);
    expect(pt.open_concerns).toEqual(['O provedor de SMS tem limite diário de envios']);
    const ja = (await run('ja-session.md')).handoff;
    // `次のステップ` is matched although its kana lose their voicing marks when normalised.
    expect(ja.remaining.map((s) => s.title)).toEqual([
      'WebP 出力を追加する',
      '大きな PNG でのメモリ使用量を測定する',
    ]);
    expect(ja.open_concerns).toEqual(['古い画像の再処理に数時間かかる見込み']);
  });

  it('maps `Goal:` and `DONE:` lines outside sections, and a `Status:` sentence as the summary', async () => {
    const bold = (await run('bold-labels.md')).handoff;
    expect(bold.goal).toBe('Compare the new recency-weighted ranking with the current one on 5% of traffic.');
    expect(bold.summary).toBe('Experiment is live; no readout yet.');
    expect(bold.remaining.map((s) => s.title)).toEqual([
      'Pull the first readout on Monday',
      'Decide whether to widen to 20%',
    ]);
    // The `**Context:**` line after the Watch out list is not one more concern.
    expect(bold.open_concerns).toEqual(['The dwell-time metric double counts on tablets']);
    expect(bold.notes).toContain('**Context:** the ranking team owns the flag');
    const plain = (await run('prefixes.txt')).handoff;
    expect(plain.goal).toBe('get the kiosk app to survive a network drop without losing the cart');
    expect(plain.done.map((d) => d.text)).toEqual([
      'cart state is written to IndexedDB on every change',
      'reconnect banner shows after 3 seconds offline',
    ]);
    expect(plain.remaining).toHaveLength(2);
    expect(plain.open_concerns).toEqual(['payment terminal SDK has no offline mode']);
  });

  it('reads numbered plain-line headings, and keeps a numbered section with no field in Notes', async () => {
    const { handoff: h } = await run('numbered-paren.md');
    expect(h.goal).toBe("Print shipping labels from the packing station without the vendor's desktop app.");
    expect(h.done).toHaveLength(2);
    expect(h.open_concerns).toEqual(['Does the second station use the same firmware?']);
    expect(h.notes).toContain("### Trivia\n\nThe printer's web page still shows a 2019 copyright.");
  });

  it('reads data: a wrapper key, nested done/todo, camelCase and snake_case keys, short values', async () => {
    const yaml = (await run('progress.yaml')).handoff;
    expect(yaml.from).toBe('infra-bot');
    // `done:` under `progress:` only names the field again: no `done:` prefix on the items.
    expect(yaml.done.map((d) => d.text)).toEqual([
      'CronJob manifest with the same schedule',
      'Backup bucket credentials moved to a sealed secret',
    ]);
    const json = (await run('camel-snake.json')).handoff;
    expect(json.goal).toBe(
      'Accept tracking updates from three courier companies through one webhook endpoint.',
    );
    // `completed_tasks` is Done although `tasks` alone is Remaining.
    expect(json.done.map((d) => d.text)).toEqual([
      'Signature check for the first courier',
      'Normalised status codes into one enum',
    ]);
    expect(json.decisions[0]).toEqual({
      decision: 'One endpoint per courier rather than one shared endpoint',
      reason: 'their signatures differ',
      rejected: [],
    });
    const xml = (await run('custom-tags.xml')).handoff;
    expect(xml).toMatchObject({
      from: 'night-shift agent',
      goal: 'Let customers convert loyalty points into gift cards.',
    });
    expect(xml.remaining.map((s) => s.title)).toEqual([
      'Email the gift card code after conversion',
      'Cap conversions at 10 per day',
    ]);
    expect(xml.open_concerns).toEqual(['Gift card provider rate-limits us at 50 requests per minute.']);
  });

  it('reads a JSON array of status records as a task list, not as a log', async () => {
    const { handoff: h } = await run('status-array.json');
    expect(h.done.map((d) => d.text)).toEqual([
      'Replace moment.js with date-fns (status: done)',
      'Remove the unused lodash imports (status: complete)',
    ]);
    expect(h.remaining.map((s) => s.title)).toEqual(['Split the vendor bundle', 'Lazy-load the charts page']);
    expect(h.open_concerns).toEqual([
      'Upgrade the bundler (status: blocked; note: waiting for a plugin release)',
    ]);
    // A record whose status names no field stays in Notes as the JSON it was.
    const odd = await importHandoff(
      '[{"task": "A", "status": "done"}, {"task": "Odd one", "status": "parked"}]',
    );
    expect(odd.handoff.notes).toContain('- {"task":"Odd one","status":"parked"}');
    expect(odd.report.textLost).toEqual([]);
  });

  it('reads status words, emoji boards, changelog headings, CRLF with a BOM and a front matter title', async () => {
    const table = (await run('status-column.md')).handoff;
    expect(table.remaining.map((s) => s.title)).toContain('Saved cards: Status: Doing');
    expect(table.open_concerns).toContain(
      '3-D Secure fallback: Status: On hold; Notes: waiting for the bank',
    );
    const board = (await run('emoji-status.md')).handoff;
    expect(board.done.map((d) => d.text)).toContain('Transcripts published to the episode page');
    expect(board.remaining.map((s) => s.title)).toContain('Search across transcripts');
    const log = (await run('changelog.md')).handoff;
    expect(log.goal).toBe('tenant billing rewrite');
    expect(log.done.map((d) => d.text)).toEqual([
      'Per-seat pricing for the team plan',
      'Proration was off by one day in leap years',
      'Invoice preview endpoint',
    ]);
    const crlf = await run('crlf-bom.md');
    expect(crlf.handoff.title).toBe('Handoff: CSV import wizard');
    expect(crlf.handoff.remaining.map((s) => s.title)).toEqual([
      'Column mapping screen',
      'Error report download',
    ]);
    expect(crlf.markdown).not.toMatch(/\r|\ufeff/);
    const front = (await run('frontmatter-title.md')).handoff;
    expect(front).toMatchObject({
      title: 'Dark mode for the settings app',
      goal: 'Dark mode for the settings app',
    });
  });

  it('leaves headings that are not handoff sections in Notes', async () => {
    const prose = [
      'Background',
      'Hintergrund',
      'Contexte',
      'Contexto',
      '背景',
      'Architecture',
      'How the parser works',
      'It works but slowly',
      'Appendix',
      'Glossary',
      'Where the code lives',
    ];
    const md = ['# Prose', '', ...prose.flatMap((h) => [`## ${h}`, '', `Text under ${h}.`, ''])].join('\n');
    const r = await importHandoff(md);
    expect(
      r.report.mappings.filter((m) => m.field !== 'notes' && m.field !== 'title').map((m) => m.source),
      // A one-word title ("Prose") names no goal (issue 12 item 5: a bare word is not a goal).
    ).toEqual([]);
    // A numbered list of short lines is a list, not headings, when they name no field.
    const list = await importHandoff('# L\n\n1) Apples\nred ones\n\n2) Pears\ngreen ones\n');
    expect(list.report.mappings.filter((m) => m.field === 'notes').map((m) => m.source)).toEqual([]);
    expect(list.handoff.notes ?? '').not.toContain('### Apples');
  });
});
