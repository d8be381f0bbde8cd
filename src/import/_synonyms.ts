/**
 * Heading and key synonyms: which canonical field a section of a free-form handoff holds, in
 * English, Chinese, Spanish and Russian (with German, French and Portuguese basics). Headings are
 * compared after dropping numbering, emoji, Markdown emphasis, case, accents and the split of
 * camelCase and snake_case keys, so `## 2. ✅ Completed Work`, `completedWork` and `completed_work`
 * are one heading.
 */
import type { ListKey } from '../handoff/types.js';
import { OUTSTANDING_CJK_STEMS, saysNotDone, saysOngoing, saysOutstanding } from './_stems.js';

/** A canonical field a section can hold. */
export type ImportField = 'goal' | 'summary' | ListKey;

/** Metadata a `key: value` line can carry. */
export type MetaKey =
  | 'from'
  | 'to'
  | 'task'
  | 'title'
  | 'status'
  | 'project'
  | 'summary'
  | 'date'
  | 'branch'
  | 'head'
  | 'repository'
  | 'worktree';

/** Lowercase, accents, emoji, numbering and punctuation removed; camelCase and snake_case split. */
function normalizeHeading(heading: string): string {
  return heading
    .normalize('NFKC')
    .replace(/<[^>]*>/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/tl;?dr/gi, 'tldr')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[*_`~#>[\]()"'“”‘’«»]/g, ' ')
    .replace(/[\p{Extended_Pictographic}\u2190-\u2bff]/gu, ' ')
    .replace(/^[\s\p{P}\p{S}]*/u, '')
    .replace(
      /^(?:(?:\d+(?:\.\d+)*|[a-h]|[ivx]{1,4})[.):]|\d+\s|(?:step|layer|part|section|stage|level|schritt|paso|capa|этап|шаг)\s*\d+\s*[:.)-]?)\s*/u,
      '',
    )
    .replace(/^第?[一二三四五六七八九十\d]+[、.．章节步部分]\s*/u, '')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// Phrases per field, `|`-separated, in the order fields are tried: the first field with a match
// wins. Latin and Cyrillic phrases match whole words; Chinese phrases (the last string) anywhere.
const FIELDS: [ImportField | 'preferences-first', string, string][] = [
  [
    'dead_ends',
    'dead end|dead ends|what didnt work|what did not work|what doesnt work|failed approaches|failed attempts|tried and failed|rejected approaches|rejected alternatives|prior attempts rejected|approaches tried|things tried|callejones sin salida|intentos fallidos|lo que no funciono|тупики|тупик|неудачные попытки|что не сработало|sackgasse|impasse|sackgassen|fehlversuche|was nicht funktioniert|pistes abandonnees|ce qui n a pas marche|becos sem saida|o que nao funcionou|tentativas falhas',
    '死胡同|失败的尝试|行不通|踩坑|弯路|うまくいかなかったこと|失敗した方法|試したこと',
  ],
  [
    'files_touched',
    'files touched|files changed|files modified|files created|files updated|files deleted|files removed|files added|changed files|modified files|touched files|created files|deleted files|new files|updated files|file changes|changes to files|uncommitted changes|uncommitted files|modified files this session|intended files|archivos modificados|archivos creados|archivos cambiados|archivos eliminados|ficheros modificados|измененные файлы|изменные файлы|созданные файлы|удаленные файлы|файлы|geanderte dateien|fichiers modifies|geaenderte dateien|betroffene dateien|neue dateien|fichiers crees|fichiers touches|arquivos alterados|arquivos modificados|arquivos criados|arquivos tocados',
    '修改的文件|删除的文件|新增的文件|新建的文件|变更文件|改动文件|文件变更|修改文件|涉及文件|文件清单|変更したファイル|変更ファイル|変更されたファイル|対象ファイル|新規ファイル',
  ],
  [
    'validation',
    'validation|verification|verification run|verify|how to verify|tests|test|test results|test status|test baseline|testing|test plan|checks|ci|ci status|proof|proof refreshed|smoke|smoke test|quality gates|validacion|verificacion|pruebas|comprobaciones|проверка|проверки|тесты|тестирование|валидация|verifizierung|tests effectues|prufung|uberprufung|testes|verificacao|validacao',
    '验证|测试|校验|检查结果|自测|検証|テスト|確認方法|動作確認',
  ],
  [
    'decisions',
    'decisions|decision|decisions made|key decisions|recent decisions|decided|design decisions|design choices|key design choices|architectural decisions|architecture decisions|key choices|rationale|tradeoffs|trade offs|decisiones|decision tomada|decisiones tomadas|решения|решение|принятые решения|entscheidungen|decisoes|getroffene entscheidungen|decisions prises|choix techniques|decisoes tomadas',
    '决策|决定|关键决策|设计选择|取舍|決定事項|決定|設計判断',
  ],
  [
    'goal',
    'goal|goals|core goal|focus|main focus|session focus|next session focus|objective|objectives|purpose|intent|task intent|mission|aim|what we were working on|working on|current work|current work item|current task|current focus|current feature|active work|problem statement|the ask|request|original request|task description|objetivo|objetivos|meta|proposito|tarea actual|цель|цели|задача|текущая задача|назначение|ziel|objectif|zielsetzung|auftrag|objetivo da sessao|finalidade',
    '目标|任务目标|目的|当前任务|任务描述|目標|目的',
  ],
  [
    'preferences-first',
    'what not to do|do not|dont|must not|never|что не делать|que no hacer|lo que no hay que hacer',
    '不要做|禁止',
  ],
  [
    'remaining',
    'next steps|next step|next actions|next action|next tasks|next task|next work|next work item|next session|next session priorities|whats next|what is next|next up|immediate next steps|immediate next task|recommended next action|recommended next steps|remaining|remaining work|remaining tasks|todo|to do|todos|pending|in progress|wip|not started|outstanding|outstanding tasks|open tasks|backlog|follow ups|followups|follow up|action items|action item|actions|priorities|tasks|task breakdown|queued|upcoming|whats left|left to do|future work|checklist|plan|roadmap|deferred|deferred criteria|ready next|still to do|proximos pasos|siguientes pasos|pendiente|pendientes|tareas|tareas pendientes|por hacer|en progreso|trabajo restante|plan de trabajo|следующие шаги|дальнейшие шаги|осталось|задачи|в процессе|в работе|план|что дальше|нужно сделать|далее|nachste schritte|prochaines etapes|proximos passos|still open|open items|open points|up next|offene punkte|offene aufgaben|noch zu tun|noch offen|nachster schritt|reste a faire|a faire|taches restantes|travail restant|prochaine etape|en cours|pendencias|pendente|a fazer|tarefas pendentes|proximo passo|em andamento',
    '下一步|待办|后续|剩余|未完成|进行中|计划|任务|待处理|接下来|遗留|次のステップ|残タスク|残作業|今後の作業|未完了|やること|作業予定|次にやること|対応中',
  ],
  [
    'open_concerns',
    'open concerns|concerns|concern|open questions|open issues|questions|known issues|known problems|known warnings|known risks|issues|problems|risks|risk|caveats|caveat|warnings|blockers|blocker|blocking issues|blocked|needs attention|technical debt|tech debt|gotchas|not working|whats not working|unresolved|unresolved items|watch out|challenges|bugs|known bugs|known risks|riesgos|problemas|preocupaciones|advertencias|bloqueos|preguntas abiertas|cuestiones abiertas|problemas conocidos|риски|проблемы|вопросы|открытые вопросы|известные проблемы|предупреждения|блокеры|замечания|risiken|probleme|problemes connus|bekannte probleme|offene fragen|bedenken|points d attention|risques|questions ouvertes|points ouverts|bloquants|riscos|questoes em aberto|pontos de atencao|bloqueios',
    '注意事项|风险|问题|已知问题|待解决|阻塞|疑问|警告|隐患|注意|懸念事項|懸念|課題|注意点|リスク|既知の問題|未解決',
  ],
  [
    'done',
    'done|completed|complete|what i did|what i have done|what has been done|what was completed|work log|session log|activity log|completed work|work completed|completed this session|completed tasks|accomplished|what was accomplished|accomplishments|achieved|finished|delivered|deliverables|what was done|what we did|what we built|what just happened|recent work|recent work completed|recent changes|changes made|progress|milestones|verified milestones|shipped|implemented|landed|changelog|work done|hecho|completado|completadas|terminado|logros|realizado|trabajo realizado|avances|progreso|lo que se hizo|сделано|выполнено|завершено|готово|прогресс|достижения|что сделано|erledigt|termine|concluido|erledigte aufgaben|abgeschlossen|umgesetzt|bisher erledigt|travail effectue|ce qui a ete fait|taches terminees|o que foi feito|feito|tarefas concluidas|realizado nesta sessao|progresso',
    '已完成|完成|成果|进展|已实现|做了什么|完成情况|完了した作業|完了|実施内容|作業内容|対応済み|済み',
  ],
  [
    'summary',
    'summary|tldr|overview|status|state|current state|current status|where things stand|recap|executive summary|abstract|synopsis|highlights|snapshot|situation|resumen|estado|estado actual|situacion|vision general|резюме|сводка|итог|итоги|обзор|текущее состояние|статус|состояние|zusammenfassung|resume|resumo|where we are|where things are|aktueller stand|uberblick|etat actuel|situation actuelle|synthese|situacao atual|estado atual|visao geral',
    '摘要|概要|总结|概述|现状|当前状态|状态|简介|概要|要約|現状|現在の状況|まとめ',
  ],
  [
    'facts',
    'facts|fact|verified facts|findings|finding|insights|key insights|learnings|lessons learned|lessons|discoveries|discovered|observations|evidence|root cause|root causes|root cause analysis|analysis|whats working|what works|context facts|hechos|hallazgos|descubrimientos|aprendizajes|lecciones aprendidas|evidencia|факты|выводы|наблюдения|уроки|находки|анализ|erkenntnisse|constats|erkenntnisse|beobachtungen|enseignements|observations|aprendizados|descobertas|licoes aprendidas',
    '事实|发现|结论|经验|教训|根因|分析|知見|学び|気づき|事実',
  ],
  [
    'preferences',
    'preferences|preference|user preferences|constraints|constraint|rules|principles|conventions|guidelines|guardrails|policy|policies|reminders|critical reminders|mandatory|requirements|non negotiables|preferencias|restricciones|reglas|principios|convenciones|предпочтения|ограничения|правила|принципы|соглашения|требования|vorgaben|contraintes|regeln|einschrankungen|regles|contraintes|regras|restricoes',
    '偏好|约束|规则|原则|规范|限制|要求|约定|制約|ルール|方針',
  ],
];

const MATCHERS = FIELDS.map(([field, latin, chinese]) => {
  const phrases = latin
    .split('|')
    .map((w) => normalizeHeading(w))
    .sort((a, b) => b.length - a.length);
  // Normalised like headings: Japanese kana lose their voicing marks there (プ → フ).
  const cjk = chinese.split('|').map((w) => normalizeHeading(w));
  const escaped = phrases.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'u');
  return { field: field === 'preferences-first' ? ('preferences' as const) : field, re, phrases, cjk };
});

// Single words that name a field only when they are the whole heading or key.
// A Map, not an object literal: a heading named `constructor` or `__proto__` is text, not a key
// of Object.prototype.
const EXACT = new Map<string, ImportField>([
  ['next', 'remaining'],
  ['now', 'goal'],
  ['active', 'goal'],
  ['learned', 'facts'],
  // A changelog's headings under a dated entry: work that was done.
  ['added', 'done'],
  ['fixed', 'done'],
  ['changed', 'done'],
]);

/** The canonical field a heading names, or undefined. */
export function classifyHeading(heading: string): ImportField | undefined {
  const norm = normalizeHeading(heading);
  if (!norm) return undefined;
  const exact = EXACT.get(norm);
  if (exact) return exact;
  // A heading that is one phrase whole is that phrase's field, even when an earlier field's
  // phrase is a word of it (`completed_tasks` is Done, though `tasks` alone is Remaining).
  const whole = MATCHERS.find((m) => m.phrases.includes(norm) || m.cjk.includes(norm));
  if (whole) return whole.field;
  // A done word under a negation ("not finished yet") is work still to do.
  if (saysNotDone(norm)) return 'remaining';
  for (const m of MATCHERS) {
    if (m.re.test(norm) || m.cjk.some((c) => norm.includes(c))) return m.field;
  }
  // No synonym: the words and stems of the heading may still say the work is outstanding.
  return saysOutstanding(norm, CJK_STEMS) ? 'remaining' : undefined;
}

const CJK_STEMS = OUTSTANDING_CJK_STEMS.map((w) => normalizeHeading(w));

/** True when a heading reads as outstanding work or work under way (by its words, in any field). */
export function readsAsOutstanding(heading: string): boolean {
  return classifyHeading(heading) === 'remaining' || readsAsOngoing(heading);
}

/** True when a heading names work under way (`Monitoring the active run`, `In flight`). */
export function readsAsOngoing(heading: string): boolean {
  return saysOngoing(normalizeHeading(heading));
}

/** True when the whole heading is one synonym (a sub-heading that stands on its own). */
export function isExactSynonym(heading: string): boolean {
  const norm = normalizeHeading(heading);
  return EXACT.has(norm) || MATCHERS.some((m) => m.phrases.includes(norm) || m.cjk.includes(norm));
}

const META: [MetaKey, string][] = [
  [
    'from',
    'from|author|agent|by|who|writer|written by|handed off by|model|from agent|claimed by|autor|de|автор|от|von|auteur|作者|来自|交接人',
  ],
  [
    'to',
    'to|recipient|next agent|handoff to|to agent|assignee|para|destinatario|кому|получатель|接收|接收人',
  ],
  ['task', 'task|task id|issue|ticket|bead|work item|item id|feature id|tarea|задача|тикет|任务编号|工单'],
  ['title', 'title|titulo|заголовок|titel|titre|标题'],
  ['status', 'status|stage|state|estado|статус|состояние|状态'],
  ['project', 'project|project name|feature|product|proyecto|проект|projekt|projet|项目'],
  ['summary', 'summary|tldr|note|resumen|резюме|摘要'],
  [
    'date',
    'date|updated|last updated|ts|timestamp|time|created|created at|updated at|generated|fecha|actualizado|дата|обновлено|datum|日期|时间|更新时间',
  ],
  ['branch', 'branch|branch pr|git branch|new branch|source branch|rama|ветка|zweig|分支|新分支|源分支'],
  ['head', 'commit|head|sha|last commit|latest commit|head commit|git commit|коммит|提交'],
  ['repository', 'repo|repository|remote|repositorio|репозиторий|仓库'],
  [
    'worktree',
    'directory|dir|worktree|work tree|sandbox|working directory|cwd|path|project dir|directorio|каталог|директория|目录|工作目录',
  ],
];

const META_INDEX = new Map<string, MetaKey>();
for (const [key, words] of META) for (const w of words.split('|')) META_INDEX.set(normalizeHeading(w), key);

/** The metadata a `key: value` key names, or undefined. */
export function classifyMetaKey(key: string): MetaKey | undefined {
  return META_INDEX.get(normalizeHeading(key));
}

/** A status marker at the start or end of an item: ✅ done, 🔄/🟡 in progress, 🔴/❌ blocked or failed. */
export type StatusMark = 'done' | 'progress' | 'blocked';

const MARK_AT = (marks: string) =>
  new RegExp(
    `^\\s*(?:(?:\\*\\*|__)[^*_]{1,60}(?:\\*\\*|__)\\s*[:：]?\\s*)?(?:${marks})|(?:${marks})\\s*$`,
    'u',
  );
// 🟢 reads as done and an empty box (⬜ 🔲 ☐) as not yet done: boards use them as a checklist.
const DONE_MARK = MARK_AT('✅|✔️?|☑️?|✓|🟢');
const BLOCKED_MARK = MARK_AT('🔴|❌|⛔|🚫|✗|✘');
const PROGRESS_MARK = MARK_AT('🔄|🟡|⏳|🚧|🟠|⬜|🔲|☐');

/** The status an item's emoji or check mark says (at its start, after a bold key, or at its end). */
export function statusMark(text: string): StatusMark | undefined {
  if (DONE_MARK.test(text)) return BLOCKED_MARK.test(text) ? undefined : 'done';
  if (BLOCKED_MARK.test(text)) return 'blocked';
  if (PROGRESS_MARK.test(text)) return 'progress';
  return undefined;
}

/** The canonical status a status word names (complete, blocked, failed, in-progress), if any. */
export function statusWord(text: string): 'complete' | 'blocked' | 'failed' | 'in-progress' | undefined {
  const t = normalizeHeading(text);
  if (
    /^(complete|completed|done|finished|closed|merged|shipped|terminado|completado|concluido|feito|erledigt|fertig|termine|fait|завершено|готово|已完成|完成|完了|済)/u.test(
      t,
    )
  )
    return 'complete';
  // Work waiting on someone else (on hold, paused) is blocked until they answer.
  if (/^(blocked|stuck|on hold|paused|waiting|bloqueado|blockiert|bloque|заблокировано|阻塞|保留)/u.test(t))
    return 'blocked';
  if (/^(failed|failing|fail|error|fallido|провалено|失败)/u.test(t)) return 'failed';
  if (
    /^(in progress|wip|active|ongoing|started|doing|in review|under review|en progreso|em andamento|en cours|in arbeit|в работе|в процессе|进行中|対応中|作業中)/u.test(
      t,
    )
  )
    return 'in-progress';
  return undefined;
}

/** The list field a status word sends an item to: done → Done, todo or in progress → Remaining, blocked or failed → Open concerns. */
export function fieldOfStatusWord(text: string): 'done' | 'remaining' | 'open_concerns' | undefined {
  const word = statusWord(text);
  if (word === 'complete') return 'done';
  if (word === 'in-progress') return 'remaining';
  if (word === 'blocked' || word === 'failed') return 'open_concerns';
  return /^(todo|to do|pending|not started|open|planned|next|deferred|backlog|queued|pendiente|por hacer|pendente|a fazer|a faire|offen|сделать|待办|未开始|未着手)\b/iu.test(
    normalizeHeading(text),
  )
    ? 'remaining'
    : undefined;
}
