/**
 * Headings no synonym list has seen still carry their meaning in their words. Outstanding work
 * is told by its words and stems per language ("Things left", "Ce qui reste", "Was noch fehlt",
 * "Lo que falta", "Что осталось", "还没做", "残りの作業"), and a done word under a negation is not
 * done ("Not finished yet", "Yet to be done"). Tried after whole-heading synonyms; stems are
 * matched on normalised headings (accents and kana voicing marks dropped).
 */

const L = '(?<![\\p{L}\\p{N}])';
const R = '(?![\\p{L}\\p{N}])';
const words = (list: string) => new RegExp(`${L}(?:${list})${R}`, 'u');

// Outstanding work: "left" only after another word ("things left"), never "left sidebar".
const OUTSTANDING = words(
  [
    // English
    '(?<=\\S )left(?: over| to \\S+)?|leftovers?|remain[\\p{L}\\p{N}]*|pending|outstanding|unfinished|incomplete|undone|todos?|backlog|loose ends|not yet|yet to|still to|awaiting|to tackle|open (?:work|tasks?|items?)',
    // French, German, Spanish, Portuguese
    'reste|restant[\\p{L}\\p{N}]*|encore|a traiter|a faire|en attente|inacheve[\\p{L}\\p{N}]*|non termine[\\p{L}\\p{N}]*',
    'offen[\\p{L}\\p{N}]*|noch|fehlt|ausstehend[\\p{L}\\p{N}]*|verbleibend[\\p{L}\\p{N}]*|unerledigt[\\p{L}\\p{N}]*',
    'pendiente[\\p{L}\\p{N}]*|falta[\\p{L}\\p{N}]*|restante[\\p{L}\\p{N}]*|sin terminar|sin hacer|por hacer|pendente[\\p{L}\\p{N}]*|a fazer|por fazer|inacabad[\\p{L}\\p{N}]*',
    // Russian
    'остал[\\p{L}\\p{N}]*|оставш[\\p{L}\\p{N}]*|еще не|не сделан[\\p{L}\\p{N}]*|не готов[\\p{L}\\p{N}]*|предстоит|незаверш[\\p{L}\\p{N}]*|не выполнен[\\p{L}\\p{N}]*',
  ].join('|'),
);
// Chinese and Japanese stems, matched anywhere (normalised by the caller's normaliser).
const OUTSTANDING_CJK =
  '未完成|尚未|还没|还未|剩下|剩余|待完成|待做|未做|未完了|残り|残作業|まだ|未対応|未着手|これから';

const NEGATION = words('not|never|yet to|pas|nicht|kein[\\p{L}\\p{N}]*|no|nao|sin|не|ещё не');
const DONE_WORD = words(
  'done|finished|complete[d]?|started|implemented|fini[\\p{L}\\p{N}]*|termine[\\p{L}\\p{N}]*|erledigt|fertig|abgeschlossen|terminad[\\p{L}\\p{N}]*|hech[oa]s?|feit[oa]s?|conclui[\\p{L}\\p{N}]*|сделан[\\p{L}\\p{N}]*|готов[\\p{L}\\p{N}]*|заверш[\\p{L}\\p{N}]*|выполнен[\\p{L}\\p{N}]*',
);
// Work under way: a run being monitored, something in flight.
const ONGOING = words(
  'monitor[\\p{L}\\p{N}]*|active runs?|in flight|in-flight|ongoing|underway|under way|running|in progress|waiting on',
);

/** True when a normalised heading's words say work is still outstanding. */
export function saysOutstanding(norm: string, cjk: readonly string[]): boolean {
  if (NEGATION.test(norm) && DONE_WORD.test(norm)) return true;
  return OUTSTANDING.test(norm) || cjk.some((c) => norm.includes(c));
}

/** True when a normalised heading says a done word under a negation (`not finished yet`). */
export function saysNotDone(norm: string): boolean {
  return NEGATION.test(norm) && DONE_WORD.test(norm);
}

/** True when a normalised heading names work under way (`Monitoring the active run`). */
export function saysOngoing(norm: string): boolean {
  return ONGOING.test(norm);
}

/** The CJK stems of outstanding work, for the caller to normalise as it normalises headings. */
export const OUTSTANDING_CJK_STEMS = OUTSTANDING_CJK.split('|');
