/** "Ignore previous instructions" and its kin, in many languages: the largest phrase family. */
import { alt, B, E, group, type PhraseFamily, re, t, W } from './_phrase-kit.js';

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

// Who gives a model its instructions, named by role (not "the linter", "the formatter").
const GIVERS = `(?:user|operator|developer|system|human|admin(?:istrator)?|owner|orchestrator|supervisor|maintainers?|creators?|team|agent|model|prompt|system${W}prompt|instructions)`;
// Verbs of giving or setting up instructions.
const SET_UP = `(?:told|gave|given|said${W}to|instructed|asked|configured|set${W}up|setup|set|specified|defined|established|wrote|written|put|provided|prescribed|laid${W}down|programmed|required|mandated|stated|decided|loaded|injected)`;
// Whose instructions: "the previous agent's", "the operator's", "the system's".
// (What comes before the owner, "the previous", changes nothing: the match starts at the owner.)
const OWNER = `(?:agent|operator|system|orchestrator|developer|user|admin(?:istrator)?|model|assistant|owner|maintainer|supervisor|creator)(?:'s|s'|s)`;
// The state of instructions that no longer hold.
const VOIDED = `(?:(?:now|hereby|henceforth|officially|all|therefore|thus)${W})?(?:(?:null|cancell?ed)${W}and${W})?(?:void|null|cancell?ed|revoked|obsolete|invalid|overridden|superseded|rescinded|suspended|lifted|withdrawn|annulled|no${W}longer${W}(?:valid|appl(?:y|icable)|in${W}(?:effect|force)|relevant|binding|active))`;

/** "Ignore previous instructions" and its kin, in several languages. */
export const IGNORE_PHRASES: PhraseFamily = [
  group(
    t(
      'ignore,disregard,forget,neglect,abandon,discard,dismiss,aside,pay no,payno,follow,obey,heed,comply,throw',
    ),
    [
      // English: verb, up to four determiners, an adjective (or two), a noun.
      re(
        `${B}${EN_VERBS}${W}(?:${EN_DETS}${W}){0,4}${EN_ADJS}${W}(?:(?:and|or|/|,)${W}(?:${EN_ADJS}|following|subsequent|future)${W})?${EN_NOUNS}${E}`,
      ),
      // English: "ignore your instructions", "forget all your rules".
      re(
        `${B}${EN_VERBS}${W}(?:all${W})?(?:of${W})?(?:your|the system'?s)${W}(?:own${W})?${EN_CORE_NOUNS}${E}`,
      ),
      // English: "disregard the rules above", "ignore the instructions you were given".
      re(
        `${B}${EN_VERBS}${W}(?:${EN_DETS}${W}){0,4}${EN_NOUNS}${W}(?:(?:given|written|stated|listed)${W})?(?:above|so${W}far|until${W}now|(?:that${W})?you${W}(?:were|have${W}been|got)${W}given)${E}`,
      ),
      // English: "set aside everything the operator told you": who told is a role, not anyone.
      // Any verb of setting things up will do ("configured earlier", "set up for you").
      re(
        `${B}${EN_VERBS}${W}(?:all${W})?(?:of${W})?(?:everything|anything|all|what(?:ever)?)${W}(?:(?:that|which)${W})?(?:the|your|my|our)${W}(?:(?:previous|prior|last|earlier|other|original|parent)${W})?${GIVERS}${W}(?:(?:has|had|have)${W})?(?:(?:previously|already|originally|once)${W})?${SET_UP}(?:${W}(?:you|for${W}you|to${W}you|in${W}you))?${E}`,
      ),
      // English: "forget everything above", "disregard what you were told".
      re(
        `${B}${EN_VERBS}${W}(?:all${W})?(?:of${W})?(?:everything|anything|all|what(?:ever)?)${W}(?:(?:that|which)${W})?(?:above|before|previously|prior|earlier|(?:you${W})?(?:were|have${W}been|was|got)${W}(?:told|given|taught|instructed)|(?:i|we)${W}(?:said|told${W}you|wrote))${E}`,
      ),
    ],
  ),
  group(t('override,overrule,bypass,circumvent,nullify'), [
    // English: override / bypass with an explicit scope.
    re(
      `${B}(?:override|overrule|bypass|circumvent|nullify)${W}(?:(?:the|of)${W})?(?:all|any|every|your|previous|prior|above|earlier|preceding)${W}(?:${EN_DETS}${W}){0,3}(?:${EN_ADJS}${W})?(?:instructions?|prompts?|directives?|guidelines?|programming|system${W}prompt|guardrails?|safety${W}(?:rules|guidelines|filters|measures))${E}`,
    ),
  ]),
  group(
    t(
      'void,null,cancel,revoked,obsolete,invalid,overridden,superseded,rescinded,suspended,lifted,no longer,nolonger,withdrawn,annulled',
    ),
    [
      // English: "previous instructions are void".
      re(
        `${B}(?:previous|prior|above|earlier|preceding|original|initial|all${W}(?:previous|prior|earlier)?|your|(?:the${W})?system|${OWNER})${W}(?:(?:previous|prior|original|initial|earlier|old|current|existing|own)${W})?(?:instructions?|prompts?|directives?|guidelines?|guidance|rules|orders|commands|system${W}prompt)${W}(?:are|is|were|have${W}been|has${W}been)${W}${VOIDED}${E}`,
      ),
    ],
  ),
  group(
    t(
      'instrucc,indicac,orden,reglas,directri,directiva,mensajes,pautas,normas,comandos,prompt,restriccion,todo lo,todolo',
    ),
    [
      // Spanish.
      re(
        `${B}(?:ignora|ignore|ignoren|ignorar|ignorad|olvida|olvide|olviden|olvidar|olvidad|descarta|descarte|descartar|omite|omita|omitir|desestima|desestime|desatiende|desobedece|no${W}sigas|no${W}siga|no${W}obedezcas|deja${W}de${W}seguir|hagan?${W}caso${W}omiso${W}(?:a|de)|haz${W}caso${W}omiso${W}(?:a|de))${W}(?:(?:mas|ya|nunca|ahora)${W})?(?:(?:todas|todos|toda|todo|las|los|tus|sus|mis|estas|esas|cualquier|de|el|la|lo)${W}){0,4}(?:instrucciones|instruccion|indicaciones|ordenes|orden|reglas|directrices|directivas|mensajes|pautas|normas|comandos|prompts?|restricciones)${W}(?:anteriores|previas|previos|precedentes|de${W}arriba|del${W}sistema|iniciales|originales|pasadas|que${W}(?:te${W})?(?:dieron|di|han${W}dado|recibiste))${E}`,
      ),
      re(
        `${B}(?:ignora|ignore|olvida|olvide|olviden|descarta|descarte|omite|desestima)${W}todo${W}(?:lo${W}(?:anterior|de${W}arriba|que${W}(?:(?:te|le|les|os|se${W}te)${W})?(?:(?:han|hayan|habian|he|hemos)${W})?(?:dije|dijeron|dicho|indicaron|indicado|pidieron|pedido|ordenaron|ordenado|ensenaron|ensenado|dieron|dado|mandaron|mandado)))${E}`,
      ),
    ],
  ),
  group(
    t(
      'instruction,consigne,regle,directive,message,indication,ordre,commande,prompt,restriction,qui precede,quiprecede,tout ce,toutce',
    ),
    [
      // French.
      re(
        `${B}(?:ignore|ignorez|ignorer|ignores|oublie|oubliez|oublier|neglige|negligez|fais${W}abstraction${W}de|faites${W}abstraction${W}de|ne${W}(?:tiens|tenez)${W}(?:pas|plus|jamais|aucunement)${W}compte${W}(?:des|du|de|d')|ne${W}(?:suis|suivez)${W}(?:pas|plus|jamais)|cesse${W}de${W}suivre|cessez${W}de${W}suivre|passe${W}outre${W}a|passez${W}outre${W}a)${W}(?:(?:desormais|maintenant|dorenavant|donc|simplement|completement|totalement|plus)${W})?(?:(?:toutes|tous|toute|les|tes|vos|mes|ces|l'|la|le|des|du|d'|aux)${W}){0,4}(?:instructions?|consignes?|regles?|directives?|messages?|indications?|ordres?|commandes?|prompts?|restrictions?)${W}(?:precedentes?|anterieures?|ci-?dessus|du${W}systeme|systeme|initiales?|originales?|passees?|qu'on${W}t'a${W}donnees|que${W}(?:tu${W}as|vous${W}avez)${W}recues)${E}`,
      ),
      re(`${B}(?:ignore|ignorez|oublie|oubliez)${W}tout${W}ce${W}qui${W}precede${E}`),
      // "oublie tout ce qu'on t'a dit".
      re(
        `${B}(?:oublie|oubliez|ignore|ignorez|fais${W}abstraction${W}de)${W}tout${W}ce${W}(?:qu'|que)${W}(?:(?:on|l'on|je|j'|nous|ils|elles|tu|vous)${W})?(?:(?:t'|vous|m'|nous|te)${W})?(?:(?:a|as|ai|avons|avez|ont|avait)${W})?(?:dit|demande|donne|appris|ecrit|ordonne|indique|recu|recues|explique)${E}`,
      ),
    ],
  ),
  group(
    t(
      'anweisung,instruktion,befehl,regel,anordnung,vorgabe,nachricht,richtlinie,prompt,einschrankung,vergiss,vergessen,ignorier,systemanweisung,systemprompt,systemregeln',
    ),
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
        `${B}(?:vergiss|vergessen${W}sie|ignoriere|ignorieren${W}sie)${W}alles${W},?${W}was${W}(?:(?:man|ich|wir|sie|jemand|er|die${W}anderen)${W})?(?:(?:dir|ihnen|euch)${W})?(?:(?:vorher|zuvor|bisher|davor|fruher|bis${W}jetzt)${W})?(?:gesagt|befohlen|aufgetragen|erklart|geschrieben|mitgeteilt|gegeben)${E}`,
      ),
    ],
  ),
  group(t('instruc,ordens,ordem,regras,diretri,diretiva,mensagens,orientac,comandos,prompt,restric,tudo'), [
    // Portuguese.
    re(
      `${B}(?:ignore|ignora|ignorar|ignorem|esqueca|esquecam|esquece|esquecer|desconsidere|desconsidera|desconsiderar|descarte|descarta|descartar|despreze|despreza|nao${W}(?:siga|sigas|obedeca)|deixe${W}de${W}seguir|pare${W}de${W}seguir)${W}(?:(?:todas|todos|toda|todo|as|os|suas|seus|tuas|teus|minhas|estas|essas|quaisquer|qualquer|de|das|dos)${W}){0,4}(?:instrucoes|instrucao|ordens|ordem|regras|diretrizes|diretivas|mensagens|orientacoes|comandos|prompts?|restricoes)${W}(?:anteriores|previas|precedentes|acima|do${W}sistema|iniciais|originais|passadas|que${W}(?:voce${W})?recebeu)${E}`,
    ),
    re(
      `${B}(?:ignore|ignora|esqueca|esquece|desconsidere)${W}tudo${W}(?:o${W}que${W}foi${W}dito${W})?(?:acima|antes|anteriormente)${E}`,
    ),
    // "esqueça tudo o que lhe disseram", "tudo o que você recebeu".
    re(
      `${B}(?:esqueca|esquece|esquecam|ignore|ignora|desconsidere|desconsidera)${W}(?:de${W})?tudo${W}(?:(?:o|aquilo)${W})?que${W}(?:(?:lhe|te|voce|vc|vos|lhes)${W})?(?:(?:foi|tenha${W}sido|ha${W}sido|tinham|tinha)${W})?(?:disseram|dissemos|disse|falaram|falei|pediram|pedi|mandaram|mandei|ensinaram|recebeu|recebeste|dito|falado|pedido|mandado|ensinado|instruido)${E}`,
    ),
  ]),
  group(t('istruzion,regole,direttive,indicazioni,messaggi,ordini,comandi,prompt,tutto'), [
    // Italian.
    re(
      `${B}(?:ignora|ignorate|ignori|dimentica|dimenticate|trascura|tralascia|non${W}seguire)${W}(?:(?:piu|mai|ora|adesso)${W})?(?:(?:tutte|tutti|le|gli|i|tue|sue|queste|qualsiasi)${W}){0,4}(?:istruzioni|regole|direttive|indicazioni|messaggi|ordini|comandi|prompt)${W}(?:precedenti|di${W}sopra|sopra|del${W}sistema|iniziali|originali)${E}`,
    ),
    // "dimentica tutto quello che ti è stato detto".
    re(
      `${B}(?:dimentica|dimenticate|ignora|ignorate|scorda|scordati)${W}tutto${W}(?:(?:quello|quel|cio)${W})?(?:che${W})?(?:(?:ti|vi|le|gli|mi)${W})?(?:(?:e${W}stato|sono${W}stat[ei]|e|hanno|ho|abbiamo|avevano|era${W}stato)${W})?(?:detto|dette|detti|chiesto|ordinato|insegnato|scritto|dato|dissero)${E}`,
    ),
  ]),
  group(
    t(
      '忽略,忽视,忽視,无视,無視,不要理会,不要理會,不理会,不理會,别管,別管,忘记,忘記,忘掉,抛弃,拋棄,丢弃,丟棄,放弃,放棄,无需遵守,無需遵守,不要遵守,不再遵守,不必遵守,停止遵守,不要遵循,不再遵循,无效,無效,作废,作廢,不再有效,失效,已被取消,被覆盖,被覆蓋',
    ),
    [
      // Chinese (simplified and traditional).
      re(
        '(?:忽略|忽视|忽視|无视|無視|不要理会|不要理會|不理会|不理會|别管|別管|忘记|忘記|忘掉|抛弃|拋棄|丢弃|丟棄|放弃|放棄|无需遵守|無需遵守|不要遵守|不再遵守|不必遵守|停止遵守|不要遵循|不再遵循)[^\\n。！？!?]{0,10}?(?:之前|以前|先前|此前|上面|上述|前面|以上|原来|原來|原先|原有|所有|全部|一切|系统|系統|初始)[^\\n。！？!?]{0,8}?(?:指令|指示|提示词|提示詞|提示|规则|規則|说明|說明|命令|要求|约束|約束|限制|系统提示|系統提示)',
      ),
      re(
        '(?:之前|以前|先前|上面|上述|前面|以上|所有)的?(?:指令|指示|提示|规则|規則|命令)[^\\n。]{0,4}(?:都|全部|均)?(?:无效|無效|作废|作廢|不再有效|失效|已被取消|被覆盖|被覆蓋)',
      ),
    ],
  ),
  group(
    t(
      'игнорир,игнорируй,проигнорир,забуд,забыть,отбрось,отмени,обращай,следуй,выполняй,перестан,пренебреги,сбрось,недействительн,отменен,действуют,аннулирован',
    ),
    [
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
    ],
  ),
  group(t('無視,忘れ,破棄,무시,잊어,잊으'), [
    // Japanese and Korean.
    re(
      '(?:以前|前|上記|これまで|先ほど|上|最初)の(?:すべての|全ての)?(?:指示|命令|ルール|指令|プロンプト|制約)(?:は|を)?(?:すべて|全て)?(?:無視|忘れ|破棄)',
    ),
    re(
      '(?:이전|앞|위|기존|모든)\\s*(?:의\\s*)?(?:모든\\s*)?(?:지시|명령|지침|규칙|프롬프트|지시사항)(?:을|를|은|는)?\\s*(?:모두\\s*)?(?:무시|잊어|잊으)',
    ),
  ]),
  // English: boot files by name.
  group(t('ignore,disregard,forget,override,bypass'), [
    re(
      `${B}(?:ignore|disregard|forget|override|bypass)${W}(?:(?:the|all|any|of|your|rules|instructions|guidelines)${W}){0,4}(?:in|from|of)?${W}(?:agents|claude|nextagentinit|gemini|copilot-instructions)\\.md${E}`,
    ),
  ]),
  // Dutch, Polish, Turkish, Indonesian and Malay, Vietnamese, Swedish, Norwegian and Danish.
  group(
    t(
      'negeer,vergeet,negeren,zignoruj,ignoruj,zapomnij,onceki,yukar,abaikan,lupakan,bo qua,boqua,phot lo,quen di,ignorer,glom,glem',
    ),
    [
      re(
        `${B}(?:negeer|vergeet|negeren)${W}(?:(?:alle|al|de|je|uw|eerdere)${W}){0,3}(?:vorige|eerdere|voorgaande|bovenstaande)${W}(?:instructies|opdrachten|regels|aanwijzingen)${E}`,
      ),
      re(
        `${B}(?:zignoruj|ignoruj|zapomnij)${W}(?:(?:wszystkie|wszystko|o|twoje|swoje)${W}){0,2}(?:poprzednie|wczesniejsze|powyzsze)${W}(?:instrukcje|polecenia|zasady|regu[lł]y)${E}`,
      ),
      re(
        `${B}(?:onceki|yukar[iı]daki)${W}(?:tum${W})?(?:talimatlar[iı]|komutlar[iı]|kurallar[iı])${W}(?:yok${W}say|unut|gormezden${W}gel)`,
      ),
      re(
        `${B}(?:abaikan|lupakan)${W}(?:(?:semua|seluruh)${W})?(?:instruksi|perintah|aturan|arahan)${W}(?:sebelumnya|di${W}atas|terdahulu)${E}`,
      ),
      re(
        `${B}(?:bo${W}qua|phot${W}lo|quen${W}di)${W}(?:tat${W}ca${W})?(?:cac${W}|nhung${W})?(?:huong${W}dan|chi${W}thi|lenh|quy${W}tac)${W}(?:truoc|o${W}tren)`,
      ),
      re(
        `${B}(?:ignorera|ignorer|glom|glem)${W}(?:(?:alla|alle|dina|dine|de)${W}){0,2}(?:tidigare|tidligere|ovanstaende|ovenstaende|foregaende)${W}(?:instruktioner|instruksjoner|instrukser|regler|anvisningar)${E}`,
      ),
    ],
  ),
  // Ukrainian, Arabic, Hindi.
  group(t('ігнор,забуд,تجاهل,انس,تناس,पिछले,पूर्व,ऊपर'), [
    re(
      `${B}(?:ігноруй(?:те)?|забудь(?:те)?|проігноруй(?:те)?)${W}(?:(?:всі|усі|свої)${W}){0,2}(?:попередні|наведені${W}вище)${W}(?:інструкції|вказівки|команди|правила)`,
    ),
    re(
      '(?:تجاهل|انس|تناس)\\s*(?:جميع|كل)?\\s*(?:التعليمات|الأوامر|الاوامر|القواعد|الإرشادات|الارشادات)\\s*(?:السابقة|أعلاه|اعلاه)',
    ),
    re('(?:पिछले|पूर्व|ऊपर\\s*के)\\s*(?:सभी\\s*)?(?:निर्देशों|निर्देश|आदेशों|आदेश)\\s*(?:को\\s*)?(?:अनदेखा|नज|भूल)'),
  ]),
];
