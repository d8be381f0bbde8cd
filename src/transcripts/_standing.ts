/**
 * Telling a standing instruction ("always …", "never …", "use X, not Y", "don't …": it holds for
 * the rest of the work) from a sentence that only uses those words: a fact ("it always fails",
 * "I never saw it open"), a condition ("if we don't have this"), a word in a log line
 * (`store.setState @ immer.mjs:6`) or one step of the work ("keep going"). An instruction tells:
 * the word opens its clause, or follows a modal or the person's own want, in the languages the
 * corpus shows; a polite question may ask for one ("can you make sure we always …?"). Over a
 * whole request, the lines of a pasted plan or spec are not the person's, and a sentence they ask
 * the agent to remember ("… Merke dir das.") holds.
 */
import { isQuestion, sentencesOf } from './_requests.js';

// What may stand before an instruction's first word in its clause.
const LEAD = String.raw`(?:^|[,;:\u2013\u2014]\s*|\s-\s|\b(?:and|but|also|please|pls|plz|ok|okay)\s+)(?:please\s+)?`;

// English: the instruction's first word opening its clause, with what it may not go on to.
const EN_OPENING = new RegExp(
  LEAD +
    String.raw`(?:always\s+(?!the\b|a\b|an\b|same\b)|never\s+(?!mind\b)|(?:don'?t|do not|dont)\s+(?!worry\b|know\b|think\b|see\b|understand\b|mind\b|forget\b|bother\b)|avoid\s|stop\s+\w+ing\b|prefer\s)`,
  'i',
);
const ENGLISH = [
  EN_OPENING,
  // Someone told what to do with a modal: "you should always …", "we must never …".
  /\b(?:you|we|agents?|claude|codex)\s+(?:should|must|shall|need to|have to|are to|will|'ll)\s+(?:always|never|not|no longer)\b/i,
  /\b(?:you|we)\s+(?:shouldn'?t|mustn'?t)\b/i,
  /\b(?:should|must)\s+(?:always|never)\b/i,
  // A habit of the team, in the present: "we never commit …" (not "we always had …").
  /\bwe\s+(?:always|never)\s+(?!(?:had|got|saw|did|was|were|went|came|made|knew|thought|found|said|told|seen|been|tried)\b)(?!\w+ed\b)\w+/i,
  // The person's own want: "I don't want mocks", "I always prefer …".
  /\bI\s+(?:(?:always|never)\s+(?:want|prefer|like|use|need)|(?:don'?t|do not|never)\s+(?:want|like)\b)/i,
  // When it holds: from now on, every time, after each edit.
  /\b(?:from now on|going forward|from here on|henceforth|in (?:the )?future|(?:every|each) time you|whenever you)\b/i,
  // A step to repeat, said to someone: "… on every file you change", "remember to … after each edit"
  // (not a fact: "re-renders on every message").
  /^(?=.*\b(?:you|remember to|make sure|be sure to|please)\b).*\b(?:with|after|before|on) (?:each|every)\b/i,
  /\b(?:use|using)\b[^.?!]{1,80}?(?:\binstead of\b|\brather than\b|,\s*not\b)|\bprefer\b[^.?!]{1,60}?\bover\b/i,
  // `keep` opening the sentence ("Keep the API stable"), not joined to one step ("… and keep it green").
  /^(?:please\s+)?keep\s+(?!going\b|it up\b|at it\b|working\b|trying\b|on\b)|\bkeep using\b/i,
];

// A pattern that tells, with the words it cannot match without (`cue`, tested first: most
// sentences hold none of them, and the patterns are costly to compile and to run on every
// sentence of a log); no cue, and the pattern always runs.
interface Tell {
  cue: RegExp | undefined;
  re: RegExp;
}
const tell = (cue: RegExp | undefined, re: RegExp): Tell => ({ cue, re });

// German, French and Spanish: the word opening the clause or after an imperative verb and up to
// two short words ("Verwende immer …", "Zeig mir immer …", "Réponds-moi toujours …", "Usa siempre
// …"), or after a modal said to someone; never "immer noch" / "toujours pas" (still). A German
// `soll`, `sollen` or `müssen` tells only beside a person (`wir`, `man`, `ihr`, the agent): with a
// thing for its subject it describes the product ("die Box soll immer da sein").
// The short words (pronouns, particles) an imperative may take before `immer`.
const DE_SHORT = '(?:mir|mich|uns|dir|dich|ihm|ihnen|das|es|bitte|auch|doch|einfach|dann|künftig)';
// Words that open a statement, not an imperative: a subject, an article, an auxiliary.
const DE_NOT_IMPERATIVE =
  '(?:ich|du|er|sie|es|wir|ihr|das|dies|man|der|die|hab|habe|hatte|hätte|bin|war|wäre|ist|sind|wird|wurde|kann|konnte|hat|gibt|gab)';
// A modal beside the person it is said to, before or after it (`wir sollen`, `sollte man`).
const DE_PERSON_MODAL = String.raw`(?:\b(?:wir|man|ihr|claude(?:\s+code)?|codex)\s+(?:soll|sollen|sollt|sollte|sollten|müssen)|\b(?:soll|sollen|sollt|sollte|sollten|müssen)\s+(?:wir|man|ihr)\b)`;
const OTHER = [
  tell(
    /immer|nie/i,
    new RegExp(
      String.raw`(?:^|[,;:]\s*)(?:bitte\s+)?(?:(?!${DE_NOT_IMPERATIVE}\s)\p{L}+\s+(?:${DE_SHORT}\s+){0,2})?(?:immer|niemals|nie)\b(?!\s+noch\b)`,
      'iu',
    ),
  ),
  tell(
    /soll|musst|müssen|darfst|brauchst|jetzt|nun an|künftig|zukunft/i,
    new RegExp(
      String.raw`(?:\b(?:sollst|solltest|musst|darfst)|${DE_PERSON_MODAL})\s+(?:\p{L}+\s+){0,3}?(?:immer|nie|niemals|nicht)\b|\bbrauchst\s+(?:\p{L}+\s+){0,2}?(?:immer|nie|niemals)\b|\b(?:ab jetzt|von nun an|künftig|in zukunft)\b`,
      'iu',
    ),
  ),
  tell(
    /toujours|jamais/i,
    /(?:^|[,;:]\s*)(?:(?:toujours|jamais)\s+\p{L}+(?:er|ir|re)\b|ne\s+jamais\b|n['’e]\s*\p{L}+\s+jamais\b|\p{L}+-(?:moi|nous|lui|leur|le|la|les)\s+(?:toujours|jamais)\b(?!\s+pas\b))/iu,
  ),
  tell(
    /toujours|jamais|désormais|dorénavant|maintenant/i,
    /\b(?:il faut|tu dois|vous devez|on doit)\s+(?:\p{L}+\s+){0,2}?(?:toujours|jamais)\b|\b(?:désormais|dorénavant|à partir de maintenant)\b/iu,
  ),
  tell(
    /siempre|nunca/i,
    /(?:^|[,;:]\s*)(?:por favor,?\s+)?(?:nunca\s+\p{L}+(?:as|es)\b|\p{L}+[ae]\s+siempre\b)/iu,
  ),
  tell(
    /siempre|nunca|ahora/i,
    /\b(?:debes|debe|deben|debemos|tienes que|hay que)\s+(?:\p{L}+\s+){0,2}?(?:siempre|nunca)\b|\b(?:de ahora en adelante|a partir de ahora)\b/iu,
  ),
];

// Chinese and Japanese: words that only tell, or "always" beside a word that asks for it. A
// "don't" that closes its clause wants a thing gone, once (`X不要，改成Y`: not X, call it Y;
// `不要吧`: let's not), `先不要` is "not yet", and `以后再` is "later", not "from now on" (`以后再也不` is).
const CJK = [
  /(?<!先)(?:不要|别再|请勿|务必|禁止|切勿)(?![\s，,。.；;！!、了吧啊呀嘛]|$)|以后(?!再(?!也))/,
  // "Always use …", not "not always available" (并非总是可用: a fact).
  /(?:请|要|必须|应该|一定)\S{0,4}(?:总是|始终|永远|一律)|(?<!并非|不是|并不|不)(?:总是|始终|永远|一律)\S{0,2}(?:要|使用|(?<!可)用)/,
  /(?:必ず|常に|絶対に)[^。]*(?:ください|こと|しろ|しないで|ないで|するな)|(?:しないで|使わないで)/,
];

// A step to repeat as each piece of the work is done, said to the agent: an imperative (or `du`,
// `tu`, `vous`) and "as / after / once each task …", "one feature at a time" (not what a thing
// does after each event of its own: "the page reloads after each click", "Tests fail after each change").
// The pieces of the work a step is repeated after.
const EN_WORK =
  '(?:tasks?|steps?|phases?|features?|changes?|edits?|fix(?:es)?|commits?|milestones?|iterations?|stages?|modules?|tickets?|subtasks?)';
// Verbs an imperative step of the work opens with.
const EN_DOING =
  '(?:commit|push|run|re-?run|test|lint|format|update|write|add|log|save|check|verify|review|document|bump|tag|build|rebuild|deploy|report|summari[sz]e|note|record|mark|ask|tell|show|stop|pause|wait|do|make|take|clean|tidy|squash|merge|release|publish|implement|work|handle|tackle|finish|complete)';
const REPEATED_STEP = [
  tell(
    /each|every|at a time/i,
    new RegExp(
      String.raw`^(?:(?:please|and|then|also|now|so|just)\s+)*${EN_DOING}\b.*\b(?:(?:as|after|once|when|whenever|before)\s+(?:each|every)\s+(?:(?:\w+\s+)?${EN_WORK}|one)\b|one\s+${EN_WORK}\s+at a time\b)`,
      'i',
    ),
  ),
  tell(
    /jede/i,
    new RegExp(
      String.raw`^(?=.*\b(?:du|ihr)\b|(?!(?:${DE_NOT_IMPERATIVE}|nach|bei)\s)\p{L}+\s).*\b(?:nach|bei)\s+jede[rm]\s+(?:\p{L}+\s+)?(?:aufgabe|teilaufgabe|phase|änderung|schritt|feature|commit)\b`,
      'iu',
    ),
  ),
  tell(
    /chaque|cada/i,
    /^(?=.*\b(?:tu|vous|tú|usted)(?!\p{L})|(?!(?:le|la|les|un|une|des|il|elle|on|je|ça|ce|cela|ils|elles|mon|ma|mes|el|los|las|yo|él|ella|esto|eso)\s)\p{L}+\s).*(?:\b(?:après|à)\s+chaque\s+(?:tâche|étape|modification|changement|phase|fonctionnalité)|\b(?:después de|tras)\s+cada\s+(?:tarea|paso|cambio|fase|funcionalidad)\b)/iu,
  ),
];

const TELLS: Tell[] = [
  ...ENGLISH.map((re) => tell(undefined, re)),
  ...OTHER,
  ...CJK.map((re) => tell(/[\u3040-\u30ff\u3400-\u9fff]/, re)),
  ...REPEATED_STEP,
];

// A stack frame, a log line or code, not a sentence of the person's: `file.ext:12`, an arrow,
// a call, a statement keyword first, or fewer than three in four characters letters or spaces.
const CODE_LIKE = /\S\.\w{1,6}:\d|=>|\w\(\)|^\s*(?:at|import|export|const|let|var|def|class|function|from)\s/;

function isProse(s: string): boolean {
  if (CODE_LIKE.test(s)) return false;
  // A name in backticks counts as one word (`pnpm`, `src/*.ts`).
  const bare = s.replace(/`[^`]*`/g, 'x');
  const words = bare.match(/[\p{L}\p{M}\s'’]/gu)?.length ?? 0;
  return words >= bare.length * 0.75;
}

/** Whether a sentence is a standing instruction ("always …", "never …", "use X, not Y", "don't …"). */
export function isStanding(sentence: string): boolean {
  return standingAt(sentence) !== undefined || ruleAskedFor(sentence) !== undefined;
}

// A polite question that asks for a standing rule: "could you make sure (that) we always …?",
// "can you remember to never …?"; the always or never must be said of a person (`we`, `you`),
// not of a thing ("make sure the job always runs on main" is one change).
const ASKS_FOR_RULE =
  /\b(?:can|could|would|will)\s+you\b[^?]*?\b(?:(?:make sure|ensure)\b[^?]{0,80}?\b(?:we|you|i)|remember(?:\s+to)?)\s+(always|never)\b/i;

// The rule a polite question asks for, from its always or never on, without the question mark.
function ruleAskedFor(sentence: string): string | undefined {
  const s = sentence.trim();
  const m = ASKS_FOR_RULE.exec(s);
  if (!m || !isProse(s)) return undefined;
  const rule = s.slice(m.index + m[0].length - (m[1] as string).length).replace(/[\s?？]+$/, '');
  return rule.length >= 8 ? rule : undefined;
}

const WIDE = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g;
// Where a clause begins: after a comma, semicolon or colon, in any script.
const CLAUSE_END = /[,;:，；：]/;
// A clause ends at a comma, semicolon or colon, but not inside a word (`can;t`, a slip for `can't`;
// `a,b` of a list): the Latin marks have a space after them, the full-width ones need none.
const endsClause = (s: string, at: number) =>
  CLAUSE_END.test(s[at] as string) && !(/[,;:]/.test(s[at] as string) && /\p{L}/u.test(s[at + 1] ?? ' '));

/**
 * The standing instruction of a sentence from the clause that tells it on (`以后我在任何时候提到
 * …，你会自动…` out of a long request that first says what to build), or undefined when the
 * sentence holds none. A short sentence is kept whole (a condition before the tell, `when you
 * deploy, never …`, belongs to it). A question that asks for a rule gives the rule it asks for.
 */
export function standingPart(sentence: string, whole = 120): string | undefined {
  const at = standingAt(sentence);
  if (at === undefined) return ruleAskedFor(sentence);
  const s = sentence.trim();
  // A CJK character says about what two Latin ones do.
  if (s.length + (s.match(WIDE)?.length ?? 0) <= whole) return s;
  // A tell may begin at the comma before its clause (`…, and never …`).
  let from = CLAUSE_END.test(s[at] as string) ? at + 1 : at;
  while (from > 0 && !endsClause(s, from - 1)) from--;
  return s.slice(from).trim();
}

// Where the first tell of a standing instruction is in the trimmed sentence, or undefined.
function standingAt(sentence: string): number | undefined {
  const s = sentence.trim();
  if (isQuestion(s) || s.length < 8 || !isProse(s)) return undefined;
  let first: number | undefined;
  for (const { cue, re } of TELLS) {
    if (cue && !cue.test(s)) continue;
    const m = re.exec(s);
    if (m && (first === undefined || m.index < first)) first = m.index;
  }
  return first;
}

// A line that opens a pasted plan: everything from it on is the plan's words, not the person's.
const PLAN_OPENER =
  /^\s*(?:implement|execute|carry out|follow) (?:the following|this) plan\b|^\s*here is the (?:plan|spec)\b|^\s*(?:请)?(?:按照|实施|执行)以下(?:计划|方案)/i;
const HEADING = /^\s*#{1,6}\s/;
const LIST_ITEM = /^\s*(?:[-*•+]|\d+[.)])\s/;
const LIST_MARKER = /^(?:[-*•+]|\d+[.)])\s+/;

/**
 * Where a pasted document (a plan or a spec) begins among a request's lines: at a line that opens
 * a plan, at the first heading when two or more mark it out, or at the first of twenty or more list
 * items; the number of lines when the request is the person's own words throughout.
 */
function documentStart(lines: string[]): number {
  const opener = lines.findIndex((l) => PLAN_OPENER.test(l));
  if (opener >= 0) return opener;
  if (lines.filter((l) => HEADING.test(l)).length >= 2) return lines.findIndex((l) => HEADING.test(l));
  if (lines.filter((l) => LIST_ITEM.test(l)).length >= 20) return lines.findIndex((l) => LIST_ITEM.test(l));
  return lines.length;
}

// A sentence that only asks the agent to keep the one before it in mind.
const REMEMBER_THIS =
  /^(?:(?:and|also|please|bitte|und)\s+)?(?:remember (?:this|that)|keep (?:this|that) in mind|merke? dir (?:das|dies)|merken sie sich das|retiens(?:-le| (?:ça|cela|bien))|souviens-toi de (?:ça|cela)|recuérdalo|tenlo en cuenta|请?记住(?:这一?点|这个)?|覚えておいて(?:ください)?)[\s.!。！-]*$/iu;

/**
 * The standing instructions of one request, in order: each sentence's standing part, and a
 * sentence the person then asks the agent to remember ("…. Remember that."), with the request.
 * The lines of a pasted plan or spec are not the person's own and are left out.
 */
export function standingParts(request: string): string[] {
  const lines = request.split(/\r?\n/);
  const own = sentencesOf(lines.slice(0, documentStart(lines)).join('\n'))
    // A Chinese or Japanese sentence ends at its full stop, with no space after it.
    .flatMap((s) => s.split(/(?<=[。！？])(?=\S)/));
  const out: string[] = [];
  for (const [i, sentence] of own.entries()) {
    const part = sentence.length > 600 ? undefined : standingPart(sentence);
    if (part !== undefined) out.push(part);
    else if (REMEMBER_THIS.test(sentence)) {
      const kept = rememberedPart(own[i - 1]);
      if (kept !== undefined) out.push(`${kept} ${sentence.replace(/[\s-]+$/, '')}`);
    }
  }
  return out;
}

// The sentence before a "remember this", without a list marker, when it is prose that tells
// (not a question) and did not tell on its own.
function rememberedPart(before: string | undefined): string | undefined {
  const s = before?.replace(LIST_MARKER, '').trim();
  if (s === undefined || s.length < 8 || s.length > 600 || isQuestion(s) || !isProse(s)) return undefined;
  return standingPart(s) === undefined ? s : undefined;
}

// Words that say an instruction holds from now on, not for one change: always, never, from now
// on, every time, remember, in the languages the sessions show.
const HOLDS_ON = new RegExp(
  [
    String.raw`\b(?:always|never|from now on|going forward|from here on|henceforth|in (?:the )?future|every time|each time|whenever|at all times|no longer|remember|keep in mind|each|every)\b`,
    String.raw`\b(?:immer|nie|niemals|künftig|ab jetzt|von nun an|in zukunft|merke? dir|jedes mal|jede[rnms]?)\b`,
    String.raw`\b(?:toujours|jamais|désormais|dorénavant|à partir de maintenant|chaque|retiens|souviens|siempre|nunca|de ahora en adelante|a partir de ahora|cada|recuerda)\b`,
    '以后|今后|总是|始终|永远|一律|每次|每当|任何时候|记住|常に|必ず|毎回|今後|覚えて|絶対',
  ].join('|'),
  'iu',
);

/**
 * Whether an instruction says it holds from now on ("always", "never", "from now on", "以后", "immer"):
 * one that does not ("don't put the change in the cell's corner") may be about one change only.
 */
export function saysItHolds(instruction: string): boolean {
  return HOLDS_ON.test(instruction);
}

const STOP = new Set(
  'that this with from into then than have will would should could there their them they what when which where your about just also only more some make like want need does done please'.split(
    ' ',
  ),
);

// The words a text is about: Latin words of four letters or more (their first five), and each
// pair of Han characters next to each other.
function topicWords(text: string): Set<string> {
  const lower = text.toLowerCase();
  const words = (lower.match(/\p{L}{4,}/gu) ?? []).filter((w) => !/\p{Script=Han}/u.test(w) && !STOP.has(w));
  const pairs = [...lower.matchAll(/(?=(\p{Script=Han}{2}))/gu)].map((m) => m[1] as string);
  return new Set([...words.map((w) => w.slice(0, 5)), ...pairs]);
}

/** Whether a later request talks about what an instruction is about: two words, or three pairs of Han characters, in common. */
export function sameSubject(instruction: string, later: string): boolean {
  const theirs = topicWords(later);
  const shared = [...topicWords(instruction)].filter((w) => theirs.has(w));
  const han = shared.filter((w) => /\p{Script=Han}/u.test(w)).length;
  return shared.length - han >= 2 || han >= 3;
}
