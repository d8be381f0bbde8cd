/**
 * Phrase patterns of the injection scan, matched against the `folded` view (lower case, accents
 * on Latin letters dropped, look-alikes and spaced letters folded, so every Latin pattern is
 * plain ASCII). Words are joined by `\s*` so that spacing tricks do not matter. Every
 * repetition is bounded: no pattern can take more than linear time.
 */

// Patterns do not start with a look-behind (it makes every position slow); `startsWord` checks
// the character before a match instead.
const B = '';
// Letters of the scripts the phrase patterns are written in (the views are lower case). Unicode
// property classes are avoided on purpose: they make these large patterns slow to compile.
const LETTER = 'a-z\\u00c0-\\u024f\\u0370-\\u04ff';
const LB = `(?<![${LETTER}0-9])`;
const E = `(?![${LETTER}])`;
const W = '\\s*';
const alt = (xs: readonly string[]) => `(?:${xs.join('|')})`;
const re = (source: string) => source;

/**
 * Patterns of one language or script, run as one regular expression (one pass over the text),
 * and the cheap test the text must pass first. Large patterns cost milliseconds to compile, so
 * a group whose words cannot be in the text is never compiled at all.
 */
export interface PhraseGroup {
  gate: RegExp | undefined;
  sources: readonly string[];
  compiled?: RegExp;
}

/** A family of phrases: its groups, each tried when its gate passes. */
export type PhraseFamily = readonly PhraseGroup[];

const group = (gate: RegExp | undefined, sources: readonly string[]): PhraseGroup => ({ gate, sources });
const CJK = /[\u3400-\u9fff]/;
const CYRILLIC = /[\u0400-\u04ff]/;
const KANA_HANGUL = /[\u3040-\u30ff\uac00-\ud7af]/;

/** The group's regular expression, compiled on first use. */
export function compiledGroup(g: PhraseGroup): RegExp {
  g.compiled ??= new RegExp(g.sources.map((x) => `(?:${x})`).join('|'), 'g');
  return g.compiled;
}

const WORD_CHAR_RE = new RegExp(`[${LETTER}0-9]`);
const LATIN_OR_CYRILLIC_RE = /^[a-z\u0400-\u04ff]/;

/** True when a match that starts with a letter of a spaced script does not start mid-word. */
export function startsWord(source: string, index: number): boolean {
  if (index === 0 || !LATIN_OR_CYRILLIC_RE.test(source.charAt(index))) return true;
  return !WORD_CHAR_RE.test(source.charAt(index - 1));
}

// --- "ignore previous instructions" -------------------------------------------------------------

const EN_VERBS = alt([
  'ignore',
  'disregard',
  'forget',
  'neglect',
  'abandon',
  'discard',
  'dismiss',
  'set aside',
  'pay no (?:attention|heed) to',
  "do(?: not|n'?t) (?:follow|obey|heed|comply with)",
  'stop (?:following|obeying)',
  'no longer (?:follow|obey)',
  'throw (?:out|away)',
]).replace(/ /g, W);
const EN_DETS = alt([
  'all',
  'any',
  'every',
  'each',
  'of',
  'the',
  'your',
  'my',
  'these',
  'those',
  'that',
  'its',
  'their',
  'our',
  'whatever',
  'previously',
  'so-called',
]);
const EN_ADJS = alt([
  'previous',
  'prior',
  'preceding',
  'above',
  'earlier',
  'former',
  'foregoing',
  'original',
  'initial',
  'system',
  'past',
  'developer',
  'hidden',
  'safety',
]);
const EN_NOUNS = alt([
  'instructions?',
  'prompts?',
  'prompting',
  'rules?',
  'directions?',
  'directives?',
  'guidelines?',
  'commands?',
  'orders?',
  'guidance',
  'constraints?',
  'polic(?:y|ies)',
  'messages?',
  'context',
  'programming',
  'restrictions?',
  'guardrails?',
  'filters?',
  'training',
  'conditioning',
]);
const EN_CORE_NOUNS = alt([
  'instructions',
  'rules',
  'guidelines',
  'programming',
  'training',
  'system\\s*prompt',
  'prompts?',
  'directives',
  'restrictions',
  'guardrails',
  'constraints',
  'filters',
]);

/** "Ignore previous instructions" and its kin, in several languages. */
export const IGNORE_PHRASES: PhraseFamily = [
  group(
    /(?<![a-z])(?:ignore|disregard|forget|neglect|abandon|discard|dismiss|set\s*aside|pay\s*no|do\s*n(?:ot|'?t)\s*(?:follow|obey|heed|comply)|stop\s*(?:following|obeying)|no\s*longer\s*(?:follow|obey)|throw\s*(?:out|away))/,
    [
      // English: verb, up to four determiners, an adjective (or two), a noun.
      re(
        `${B}${EN_VERBS}${W}(?:${EN_DETS}${W}){0,4}${EN_ADJS}${W}(?:(?:and|or|/|,)${W}${EN_ADJS}${W})?${EN_NOUNS}${E}`,
      ),
      // English: "ignore your instructions", "forget all your rules".
      re(
        `${B}${EN_VERBS}${W}(?:all${W})?(?:of${W})?(?:your|the system'?s)${W}(?:own${W})?${EN_CORE_NOUNS}${E}`,
      ),
      // English: "forget everything above", "disregard what you were told".
      re(
        `${B}${EN_VERBS}${W}(?:all${W})?(?:of${W})?(?:everything|anything|all|what(?:ever)?)${W}(?:(?:that|which)${W})?(?:above|before|previously|prior|earlier|(?:you${W})?(?:were|have${W}been|was|got)${W}(?:told|given|taught|instructed)|(?:i|we)${W}(?:said|told${W}you|wrote))${E}`,
      ),
    ],
  ),
  group(/(?<![a-z])(?:override|overrule|bypass|circumvent|nullify)/, [
    // English: override / bypass with an explicit scope.
    re(
      `${B}(?:override|overrule|bypass|circumvent|nullify)${W}(?:(?:the|of)${W})?(?:all|any|every|your|previous|prior|above|earlier|preceding)${W}(?:${EN_DETS}${W}){0,3}(?:${EN_ADJS}${W})?(?:instructions?|prompts?|directives?|guidelines?|programming|system${W}prompt|guardrails?|safety${W}(?:rules|guidelines|filters|measures))${E}`,
    ),
  ]),
  group(/(?:instructions?|prompts?|directives?|guidelines?)\s*(?:are|is|were|have|has)/, [
    // English: "previous instructions are void".
    re(
      `${B}(?:previous|prior|above|earlier|preceding|all${W}(?:previous|prior|earlier)?|your|(?:the${W})?system)${W}(?:instructions?|prompts?|directives?|guidelines?|system${W}prompt)${W}(?:are|is|were|have${W}been|has${W}been)${W}(?:now${W})?(?:void|null|cancell?ed|revoked|obsolete|invalid|overridden|superseded|rescinded|suspended|lifted|no${W}longer${W}(?:valid|appl(?:y|icable)|in${W}effect|relevant|binding|active))${E}`,
    ),
  ]),
  group(
    /instrucci|indicaci|ordenes|reglas|directri|directivas|mensajes|pautas|normas|comandos|restricciones|todo\s*lo/,
    [
      // Spanish.
      re(
        `${B}(?:ignora|ignore|ignoren|ignorar|ignorad|olvida|olvide|olviden|olvidar|olvidad|descarta|descarte|descartar|omite|omita|omitir|desestima|desestime|desatiende|desobedece|no${W}sigas|no${W}siga|no${W}obedezcas|deja${W}de${W}seguir|hagan?${W}caso${W}omiso${W}(?:a|de)|haz${W}caso${W}omiso${W}(?:a|de))${W}(?:(?:todas|todos|toda|todo|las|los|tus|sus|mis|estas|esas|cualquier|de|el|la|lo)${W}){0,4}(?:instrucciones|instruccion|indicaciones|ordenes|orden|reglas|directrices|directivas|mensajes|pautas|normas|comandos|prompts?|restricciones)${W}(?:anteriores|previas|previos|precedentes|de${W}arriba|del${W}sistema|iniciales|originales|pasadas|que${W}(?:te${W})?(?:dieron|di|han${W}dado|recibiste))${E}`,
      ),
      re(
        `${B}(?:ignora|ignore|olvida|olvide|descarta|omite)${W}todo${W}(?:lo${W}(?:anterior|de${W}arriba|que${W}(?:te${W})?(?:dije|dijeron|han${W}dicho)))${E}`,
      ),
    ],
  ),
  group(
    /consigne|regle|directive|indication|ordre|commande|precedent|anterieur|ci-?dessus|systeme|qui\s*precede/,
    [
      // French.
      re(
        `${B}(?:ignore|ignorez|ignorer|ignores|oublie|oubliez|oublier|neglige|negligez|fais${W}abstraction${W}de|faites${W}abstraction${W}de|ne${W}tiens${W}pas${W}compte${W}de|ne${W}tenez${W}pas${W}compte${W}de|ne${W}suis${W}pas|ne${W}suivez${W}pas|cesse${W}de${W}suivre|cessez${W}de${W}suivre|passe${W}outre${W}a|passez${W}outre${W}a)${W}(?:(?:toutes|tous|toute|les|tes|vos|mes|ces|l'|la|le|des|d'|aux)${W}){0,4}(?:instructions?|consignes?|regles?|directives?|messages?|indications?|ordres?|commandes?|prompts?|restrictions?)${W}(?:precedentes?|anterieures?|ci-?dessus|du${W}systeme|systeme|initiales?|originales?|passees?|qu'on${W}t'a${W}donnees|que${W}(?:tu${W}as|vous${W}avez)${W}recues)${E}`,
      ),
      re(`${B}(?:ignore|ignorez|oublie|oubliez)${W}tout${W}ce${W}qui${W}precede${E}`),
    ],
  ),
  group(
    /anweisung|instruktion|befehl|regeln|anordnung|vorgabe|nachricht|richtlinie|einschrankung|systemprompt|vergiss/,
    [
      // German: imperative first, or the infinitive last.
      re(
        `${B}(?:ignoriere|ignorieren|ignoriert|ignorier|vergiss|vergessen|missachte|missachten|ubergehe|ubergehen|verwirf|verwerfen|beachte${W}nicht|befolge${W}nicht)${W}(?:(?:sie|du|bitte|alle|samtliche|die|deine|ihre|jegliche|diese|der|den|dem)${W}){0,4}(?:vorherigen?|vorigen?|bisherigen?|obigen?|fruheren?|vorangegangenen?|vorstehenden?|vorhergehenden?|ursprunglichen?|gegebenen?)${W}(?:anweisung(?:en)?|instruktion(?:en)?|befehle?n?|regeln?|anordnung(?:en)?|vorgaben?|nachrichten?|richtlinien?|prompts?|einschrankung(?:en)?)${E}`,
      ),
      re(
        `${B}(?:ignoriere|ignorieren|vergiss|missachte)${W}(?:(?:sie|du|bitte|alle|deine|ihre|die)${W}){0,3}(?:systemanweisung(?:en)?|systemprompts?|systemregeln)${E}`,
      ),
      re(
        `${B}(?:alle${W})?(?:vorherigen|vorigen|bisherigen|obigen|fruheren|vorangegangenen)${W}(?:anweisungen|instruktionen|befehle|regeln|vorgaben)${W}(?:ignorieren|vergessen|missachten|sind${W}(?:ungultig|aufgehoben|hinfallig|nichtig))${E}`,
      ),
      re(
        `${B}vergiss${W}alles${W},?${W}was${W}(?:dir${W})?(?:vorher${W}|zuvor${W}|bisher${W})?(?:gesagt|befohlen)${E}`,
      ),
    ],
  ),
  group(/instruc|ordens|regras|diretri|diretiva|mensagens|orientac|comandos|restric|tudo/, [
    // Portuguese.
    re(
      `${B}(?:ignore|ignora|ignorar|ignorem|esqueca|esquecam|esquece|esquecer|desconsidere|desconsidera|desconsiderar|descarte|descarta|descartar|despreze|despreza|nao${W}(?:siga|sigas|obedeca)|deixe${W}de${W}seguir|pare${W}de${W}seguir)${W}(?:(?:todas|todos|toda|todo|as|os|suas|seus|tuas|teus|minhas|estas|essas|quaisquer|qualquer|de|das|dos)${W}){0,4}(?:instrucoes|instrucao|ordens|ordem|regras|diretrizes|diretivas|mensagens|orientacoes|comandos|prompts?|restricoes)${W}(?:anteriores|previas|precedentes|acima|do${W}sistema|iniciais|originais|passadas|que${W}(?:voce${W})?recebeu)${E}`,
    ),
    re(
      `${B}(?:ignore|ignora|esqueca|esquece|desconsidere)${W}tudo${W}(?:o${W}que${W}foi${W}dito${W})?(?:acima|antes|anteriormente)${E}`,
    ),
  ]),
  group(/istruzion|regole|direttive|indicazioni|messaggi|ordini|comandi/, [
    // Italian.
    re(
      `${B}(?:ignora|ignorate|ignori|dimentica|dimenticate|trascura|tralascia|non${W}seguire)${W}(?:(?:tutte|tutti|le|gli|i|tue|sue|queste|qualsiasi)${W}){0,4}(?:istruzioni|regole|direttive|indicazioni|messaggi|ordini|comandi|prompt)${W}(?:precedenti|di${W}sopra|sopra|del${W}sistema|iniziali|originali)${E}`,
    ),
  ]),
  group(CJK, [
    // Chinese (simplified and traditional).
    re(
      '(?:忽略|忽视|忽視|无视|無視|不要理会|不要理會|不理会|不理會|别管|別管|忘记|忘記|忘掉|抛弃|拋棄|丢弃|丟棄|放弃|放棄|无需遵守|無需遵守|不要遵守|不再遵守|不必遵守|停止遵守|不要遵循|不再遵循)[^\\n。！？!?]{0,10}?(?:之前|以前|先前|此前|上面|上述|前面|以上|原来|原來|原先|原有|所有|全部|一切|系统|系統|初始)[^\\n。！？!?]{0,8}?(?:指令|指示|提示词|提示詞|提示|规则|規則|说明|說明|命令|要求|约束|約束|限制|系统提示|系統提示)',
    ),
    re(
      '(?:之前|以前|先前|上面|上述|前面|以上|所有)的?(?:指令|指示|提示|规则|規則|命令)[^\\n。]{0,4}(?:都|全部|均)?(?:无效|無效|作废|作廢|不再有效|失效|已被取消|被覆盖|被覆蓋)',
    ),
  ]),
  group(CYRILLIC, [
    // Russian.
    re(
      `${B}(?:игнорируй(?:те)?|игнорировать|проигнорируй(?:те)?|забудь(?:те)?|забыть|отбрось(?:те)?|отмени(?:те)?|не${W}обращай(?:те)?${W}внимани[ея]${W}на|не${W}следуй(?:те)?|не${W}выполняй(?:те)?|перестань(?:те)?${W}следовать|пренебреги(?:те)?|сбрось(?:те)?)${W}(?:(?:все|всё|любые|эти|свои|твои|ваши|мои|всех|всем|о|об|про)${W}){0,3}(?:(?:предыдущи[ехм]|предыдущим[и]?|прежни[ехм]|предшествующи[ехм]|вышеуказанны[ехм]|вышеизложенны[ехм]|ранее${W}данны[ехм]|данны[ехм]${W}ранее|системны[ехм]|изначальны[ехм]|первоначальны[ехм]|стары[ехм])${W})(?:инструкци(?:и|ям|ях|й|ю|я)|указани(?:я|ям|й|е)|команд(?:ы|ам|у)?|правил(?:а|ам)?|сообщени(?:я|ям|й)|установк(?:и|ам)|промпт(?:ы|а)?|ограничени(?:я|й))`,
    ),
    re(
      `${B}(?:игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?|отбрось(?:те)?)${W}(?:(?:все|всё|свои|твои|ваши)${W}){1,2}(?:инструкции|указания|правила|ограничения|установки)`,
    ),
    re(
      `${B}(?:все${W})?(?:предыдущие|прежние|вышеуказанные)${W}(?:инструкции|указания|правила|команды)${W}(?:недействительны|отменены|больше${W}не${W}действуют|аннулированы)`,
    ),
    re(
      `${B}забудь(?:те)?${W}(?:всё|все)${W},?${W}что${W}(?:тебе|вам)${W}(?:говорили|сказали|было${W}сказано)`,
    ),
  ]),
  group(KANA_HANGUL, [
    // Japanese and Korean.
    re(
      '(?:以前|前|上記|これまで|先ほど|上|最初)の(?:すべての|全ての)?(?:指示|命令|ルール|指令|プロンプト|制約)(?:は|を)?(?:すべて|全て)?(?:無視|忘れ|破棄)',
    ),
    re(
      '(?:이전|앞|위|기존|모든)\\s*(?:의\\s*)?(?:모든\\s*)?(?:지시|명령|지침|규칙|프롬프트|지시사항)(?:을|를|은|는)?\\s*(?:모두\\s*)?(?:무시|잊어|잊으)',
    ),
  ]),
];

// --- persona switches ---------------------------------------------------------------------------

/** Persona switches that are jailbreaks on their face ("you are no longer an AI", "DAN"). */
export const PERSONA_HARD_PHRASES: PhraseFamily = [
  group(/no\s*longer/, [
    re(
      `${B}(?:you${W}(?:are|'re)|you're)${W}no${W}longer${W}(?:(?:an?|the|bound|restricted|limited|constrained|required|obliged|subject)${W}){0,2}(?:ai|assistant|chatbot|language${W}model|llm|bound|restricted|limited|constrained|required|obliged|subject|claude|chatgpt|gpt|gemini|codex|copilot|by|to)${E}`,
    ),
  ]),
  group(
    /(?:developer|dev|god|dan|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|sudo|evil|chaos|opposite)\s*mode/,
    [
      re(
        `${B}(?:enable|enter|activate|switch${W}(?:to|into)|turn${W}on|engage|unlock)${W}(?:the${W})?(?:developer|dev|god|dan|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|sudo|evil|chaos|opposite)${W}mode${E}`,
      ),
      re(
        `${B}(?:developer|god|dan|jailbreak|unrestricted|sudo|unfiltered)${W}mode${W}(?:is${W})?(?:now${W})?(?:enabled|activated|on|engaged|unlocked)${E}`,
      ),
    ],
  ),
  group(/anything\s*now/, [re(`${B}do${W}anything${W}now${E}`)]),
  group(
    /unrestricted|unfiltered|uncensored|jailbr|evil|malicious|without\s*(?:any\s*)?(?:restrictions|limits|filters|rules|guidelines|ethics|morals)|no\s*(?:restrictions|limits|filters|rules|guidelines|ethics|morals)|different\s*(?:ai|assistant|model)/,
    [
      re(
        `${B}(?:pretend|imagine|act|behave|respond|roleplay|role-play)${W}(?:to${W}be|you${W}are|you're|that${W}you${W}are|as${W}(?:if|though)${W}you${W}(?:are|were|have)|as)${W}(?:(?:an?|the)${W})?(?:[${LETTER}-]{1,20}${W}){0,3}?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|malicious|without${W}(?:any${W})?(?:restrictions|limits|filters|rules|guidelines|ethics|morals)|no${W}(?:restrictions|limits|filters|rules|guidelines|ethics|morals)|(?:a${W})?different${W}(?:ai|assistant|model))${E}`,
      ),
    ],
  ),
];

/** Persona switches that may be innocent alone ("you are now the owner of…"). */
export const PERSONA_SOFT_PHRASES: PhraseFamily = [
  group(/you.{0,8}now|u\s*r\s*now/, [
    re(
      `${B}(?:you${W}(?:are|'re)|you're|u${W}r)${W}now${W}(?:a|an|the|my|acting|playing|in${W}charge|called|named|known${W}as|dan|jailbroken|unrestricted|free)${E}`,
    ),
  ]),
  group(
    /henceforth|from\s*now\s*on|starting\s*now|from\s*this\s*point|pretend|role-?play|act\s*as\s*if|will\s*now|your\s*new|(?:assume|adopt|take\s*on)\s*(?:the\s*)?(?:role|persona|identity)/,
    [
      re(
        `${B}(?:from${W}now${W}on|henceforth|starting${W}now|from${W}this${W}point${W}on)${W},?${W}(?:you|your)${E}`,
      ),
      re(`${B}(?:pretend${W}(?:to${W}be|you${W}are|you're)|role-?play${W}as|act${W}as${W}if${W}you)${E}`),
      re(`${B}you${W}will${W}now${W}(?:act|behave|respond|play|be|pretend)${E}`),
      re(`${B}your${W}new${W}(?:name|role|persona|identity|personality)${W}(?:is|will${W}be)${E}`),
      re(`${B}(?:assume|adopt|take${W}on)${W}(?:the${W})?(?:role|persona|identity)${W}of${E}`),
    ],
  ),
  group(
    /ahora|eres|maintenant|desormais|semblant|agis|jetzt|nun\b|sofort|bist|voce|agora|finja|aja\s|ora\s*sei|fingi|rolle|papel|role\s*est/,
    [
      re(
        `${B}(?:ahora${W}eres|eres${W}ahora|a${W}partir${W}de${W}ahora${W},?${W}(?:eres|seras|actua|responde)|finge${W}(?:ser|que${W}eres)|actua${W}como${W}si${W}fueras|tu${W}nuevo${W}(?:nombre|rol|papel)${W}es)${E}`,
      ),
      re(
        `${B}(?:tu${W}es${W}(?:maintenant|desormais)|vous${W}etes${W}(?:maintenant|desormais)|a${W}partir${W}de${W}maintenant${W},?${W}(?:tu|vous)|fais${W}semblant${W}d'${W}etre|faites${W}semblant${W}d'${W}etre|agis${W}comme${W}si|ton${W}nouveau${W}role${W}est)${E}`,
      ),
      re(
        `${B}(?:du${W}bist${W}(?:jetzt|nun|ab${W}sofort|ab${W}jetzt)|sie${W}sind${W}(?:jetzt|nun|ab${W}sofort)|ab${W}(?:jetzt|sofort)${W}bist${W}du|von${W}nun${W}an${W}bist${W}du|tu${W}so${W},?${W}als${W}(?:ob|warst)|deine${W}neue${W}rolle${W}ist)${E}`,
      ),
      re(
        `${B}(?:voce${W}agora${W}e|agora${W}voce${W}e|a${W}partir${W}de${W}agora${W},?${W}voce|finja${W}(?:ser|que${W}e)|aja${W}como${W}se|seu${W}novo${W}papel${W}e|tu${W}agora${W}es)${E}`,
      ),
      re(`${B}(?:ora${W}sei|d'${W}ora${W}in${W}poi${W}(?:sei|tu)|fingi${W}di${W}essere)${E}`),
    ],
  ),
  group(CYRILLIC, [
    re(
      `${B}(?:теперь${W}ты|ты${W}теперь|с${W}этого${W}момента${W}ты|отныне${W}ты|притворись|представь${W},?${W}что${W}ты|веди${W}себя${W}как|твоя${W}новая${W}роль)`,
    ),
  ]),
  group(CJK, [
    re(
      '(?:你现在是|你現在是|现在你是|現在你是|从现在(?:开始|起)[,，]?\\s*你|從現在(?:開始|起)[,，]?\\s*你|你将扮演|你將扮演|扮演一个|扮演一個|假装你是|假裝你是|你的新(?:角色|身份|名字)是|你不再是)',
    ),
  ]),
  group(KANA_HANGUL, [
    re('(?:あなたは今から|今からあなたは|これからあなたは|지금부터\\s*당신은|이제\\s*당신은|너는\\s*이제)'),
  ]),
];

/** Words that turn a persona switch into a jailbreak when they follow it closely. */
export const UNRESTRICTED_RE = new RegExp(
  `(?:unrestricted|unfiltered|uncensored|jailbr|no${W}(?:restrictions|limits|limitations|filters|rules|guidelines|ethics|morals|boundaries)|without${W}(?:any${W})?(?:restrictions|limits|limitations|filters|rules|guidelines|ethics|morals)|evil|malicious|do${W}anything|${LB}dan${E}|developer${W}mode|god${W}mode|sin${W}(?:ninguna${W})?(?:restricci|limite|filtro|regla|censura)|sans${W}(?:aucune${W})?(?:restriction|limite|filtre|regle|censure)|ohne${W}(?:jegliche${W})?(?:einschrankung|grenzen|filter|regeln|zensur)|sem${W}(?:nenhuma${W})?(?:restric|limite|filtro|regra|censura)|без${W}(?:каких-либо${W})?(?:ограничени|фильтр|правил|цензур)|没有(?:任何)?(?:限制|约束|规则|过滤|审查)|沒有(?:任何)?(?:限制|約束|規則)|不受(?:任何)?(?:限制|约束|約束)|无限制|無限制|无审查)`,
  '',
);

// --- hijack, leak, authority, concealment, exfiltration ----------------------------------------

/** "New instructions:", "your real task is", in several languages. */
export const HIJACK_PHRASES: PhraseFamily = [
  group(/(?:instructions?|directives?|orders)\s*:/, [
    re(
      `${B}(?:new|real|actual|true|secret|hidden|override)${W}(?:system${W})?(?:instructions?|directives?|orders)${W}:`,
    ),
  ]),
  group(/your\s*(?:new|real|actual|true|only)/, [
    re(
      `${B}your${W}(?:new|real|actual|true|only)${W}(?:task|goal|objective|mission|instructions?|job|purpose)${W}(?:is|are|:|now)${E}`,
    ),
  ]),
  group(/above/, [re(`${B}(?:ignore|disregard)${W}(?:all${W}of${W})?(?:the${W}|everything${W})?above${E}`)]),
  group(/instrucciones|tarea|instructions|tache|anweisungen|aufgabe|instrucoes|tarefa|инструкции|задача/, [
    re(
      `${B}(?:nuevas${W}instrucciones${W}:|tu${W}nueva${W}tarea${W}es|nouvelles${W}instructions${W}:|ta${W}nouvelle${W}tache${W}est|neue${W}anweisungen${W}:|deine${W}neue${W}aufgabe${W}ist|novas${W}instrucoes${W}:|sua${W}nova${W}tarefa${W}e|новые${W}инструкции${W}:|твоя${W}новая${W}задача)`,
    ),
  ]),
  group(CJK, [re('(?:新的指令[:：]|新指令[:：]|你的新任务是|你的新任務是|你真正的任务是)')]),
];

/** Requests to reveal the system prompt or hidden instructions. */
export const LEAK_PHRASES: PhraseFamily = [
  group(/prompt|instructions/, [
    re(
      `${B}(?:reveal|print|show|output|repeat|display|leak|dump|disclose|tell${W}me|give${W}me|write${W}out|echo|expose)${W}(?:me${W})?(?:(?:your|the|all|full|entire|complete|original|hidden|initial|exact|verbatim)${W}){0,4}(?:system${W}(?:prompt|message|instructions)|initial${W}(?:prompt|instructions)|hidden${W}(?:prompt|instructions)|instructions${W}(?:above|you${W}were${W}given)|(?:pre-?)?prompt${W}(?:above|verbatim))${E}`,
    ),
  ]),
  group(CJK, [
    re(
      '(?:显示|顯示|输出|輸出|告诉我|告訴我|泄露|洩露|打印)(?:你的)?(?:系统提示|系統提示|初始指令|隐藏指令)',
    ),
  ]),
  group(CYRILLIC, [
    re(
      `${B}(?:выведи|покажи|раскрой|повтори)${W}(?:свой${W}|весь${W}|свои${W})?(?:системный${W}промпт|промпт|инструкции)`,
    ),
  ]),
];

/** Text that claims authority it can only get from a signature. */
export const AUTHORITY_PHRASES: PhraseFamily = [
  group(
    /(?:override|directive|command)\s*:|this\s*(?:message|instruction|note|text|document|file|content|artifact)\s*(?:is|has\s*been|was)\s*(?:approved|authori[sz]ed|signed|verified|sanctioned|endorsed)|priority\s*(?:instruction|directive|override|command)|(?:override|supersede|take\s*precedence\s*over|overrule)s?\s*(?:all|any|every|your|previous|prior)/,
    [
      re(
        `${B}(?:system|admin|administrator|root|developer|security|emergency|priority)${W}(?:override|directive|command)${W}:`,
      ),
      re(
        `${B}this${W}(?:message|instruction|note|text|document|file|content|artifact)${W}(?:is|has${W}been|was)${W}(?:approved|authori[sz]ed|signed|verified|sanctioned|endorsed)${W}by${E}`,
      ),
      re(
        `${B}(?:highest|top|maximum|absolute)${W}priority${W}(?:instruction|directive|override|command)s?${E}`,
      ),
      re(
        `${B}(?:these|this|the${W}following|my|our)${W}(?:instructions?|directives?|orders?)${W}(?:override|supersede|take${W}precedence${W}over|overrule)s?${W}(?:all|any|every|your|previous|prior)${E}`,
      ),
    ],
  ),
];

/** Instructions to keep something from the user. */
export const CONCEAL_PHRASES: PhraseFamily = [
  group(/(?:not|n't|never|without)\s*(?:tell|inform|mention|reveal|alert|notif|let)/, [
    re(
      `${B}(?:do${W}not|don't|never|without)${W}(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|reveal(?:ing)?|alert(?:ing)?|notify(?:ing)?|let(?:ting)?)${W}(?:this${W}(?:to${W})?|it${W}(?:to${W})?|anything${W}(?:to${W})?)?(?:the${W})?(?:user|human|operator|reviewer)s?${E}`,
    ),
  ]),
  group(/secretly|covertly|silently/, [
    re(
      `${B}(?:secretly|covertly|silently${W}(?:and${W}secretly${W})?)${W}(?:send|upload|post|exfiltrate|insert|email|forward|copy|transmit)${E}`,
    ),
  ]),
  group(/usuario|utilisateur|benutzer|nutzer|пользовател/, [
    re(
      `${B}(?:sin${W}(?:decirle|avisar|informar)${W}al${W}usuario|no${W}(?:le${W})?(?:digas|menciones)${W}(?:esto${W})?al${W}usuario|sans${W}(?:le${W}dire${W}a|prevenir|informer)${W}l'${W}utilisateur|ne${W}(?:le${W})?dis${W}pas${W}a${W}l'${W}utilisateur|ohne${W}(?:es${W})?dem${W}(?:benutzer|nutzer)${W}zu${W}sagen|sag${W}(?:es${W})?dem${W}(?:benutzer|nutzer)${W}nicht|sem${W}(?:contar|avisar|informar)${W}(?:ao|o)${W}usuario|nao${W}(?:conte|diga|mencione)${W}(?:isso${W})?ao${W}usuario|не${W}(?:говори|сообщай|рассказывай)${W}пользователю)`,
    ),
  ]),
  group(CJK, [re('(?:不要告诉用户|不要告訴用戶|别告诉用户|別告訴用戶|不要让用户知道|不要讓用戶知道)')]),
];

const SECRET_FILES =
  '(?:~/|\\$home/)?(?:\\.ssh/|id_rsa|id_ed25519|id_ecdsa|\\.aws/credentials|\\.env(?![a-z])|\\.netrc|\\.npmrc|\\.pypirc|\\.git-credentials|\\.docker/config\\.json|/etc/shadow|/etc/passwd|\\.kube/config|\\.gnupg|credentials\\.json)';
const SEND = '(?:send|post|upload|exfiltrate|leak|forward|transmit|e-?mail|submit|paste|pipe|curl|wget)';
const SINK = `(?:https?://|www\\.|[\\w.-]{1,64}@[\\w-]{1,64}\\.|webhook|pastebin|ngrok|requestbin|discord|telegram|(?:this|that|the${W}following|my|our|an?${W}(?:external|remote))${W}(?:url|endpoint|server|webhook|address))`;

/** Commands and requests that send secrets or the conversation somewhere. */
export const EXFIL_HARD_PHRASES: PhraseFamily = [
  group(
    /\|\s*(?:curl|wget|nc|ncat|netcat|socat|telnet)(?![a-z])|(?<![a-z])(?:curl|wget|iwr|invoke-webrequest)(?![a-z])|(?:env|printenv)\s*\||(?<![a-z])(?:send|post|upload|exfiltrate|leak|forward|transmit|e-?mail|submit|paste|pipe)(?![a-z])/,
    [
      // `cat ~/.ssh/id_rsa | curl …`
      re(
        `${B}(?:cat|type|base64|gzip|tar|xxd|head|tail|less|more|cp)${E}[^\\n|]{0,120}${SECRET_FILES}[^\\n]{0,120}\\|\\s*(?:curl|wget|nc|ncat|netcat|socat|telnet)${E}`,
      ),
      // `curl … $(env)`, `curl … -d @~/.ssh/id_rsa`
      re(
        `${B}(?:curl|wget|invoke-webrequest|iwr)${E}[^\\n]{0,200}?(?:(?:\\$\\(|\`|\\$\\{)\\s*(?:env|printenv|set|cat\\s[^)\`\\n]{0,80}${SECRET_FILES})|(?:-d|--data(?:-binary|-raw|-urlencode)?|-f|--form|-t|--upload-file)\\s*['"]?@?[^\\s'"]{0,40}${SECRET_FILES})`,
      ),
      re(`${B}(?:env|printenv)\\s*\\|\\s*(?:curl|wget|nc|ncat|netcat)${E}`),
      // "send the contents of ~/.ssh/id_rsa to https://…", "post the conversation history to …"
      re(
        `${B}${SEND}${W}(?:(?:all|any|the|your|my|our|its|every|these|those|contents${W}of|content${W}of|full|entire|whole)${W}){0,4}(?:${SECRET_FILES}|(?:system${W}prompt|conversation(?:${W}history)?|chat${W}(?:history|log)|previous${W}messages|session${W}transcript))[^\\n]{0,80}?(?:to|into|at|via)${W}${SINK}`,
      ),
    ],
  ),
];

/** Requests to send credentials somewhere (could be a person's honest instruction: medium). */
export const EXFIL_SOFT_PHRASES: PhraseFamily = [
  group(
    /(?<![a-z])(?:send|post|upload|exfiltrate|leak|forward|transmit|e-?mail|submit|paste|pipe|curl|wget)(?![a-z])/,
    [
      re(
        `${B}${SEND}${W}(?:(?:all|any|the|your|my|our|its|every|these|those)${W}){0,3}(?:[${LETTER}-]{1,20}${W}){0,2}?(?:api[\\s_-]*keys?|access[\\s_-]*tokens?|auth(?:entication)?${W}tokens?|secrets?|secret${W}keys?|passwords?|credentials|private${W}keys?|ssh${W}keys?|env(?:ironment)?${W}var(?:iable)?s|cookies|session${W}tokens?)[^\\n]{0,80}?(?:to|into|at|via)${W}${SINK}`,
      ),
    ],
  ),
];
