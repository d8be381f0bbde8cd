/**
 * What the agent found: the sentences of its own words that state a cause or a finding ("Found
 * it — the cache key ignores the cookie", "根本原因是…"), which a debugging session's next step
 * depends on and no file list shows. Kept as the agent wrote them, a few at most.
 */
import { oneLine } from './_text.js';
import type { SessionRecord } from './types.js';

// Words that say a cause or a finding, in the languages the sessions show.
const FINDING = new RegExp(
  [
    String.raw`\broot[- ]cause|\bfound (?:it|the (?:problem|bug|issue|cause|culprit))\b|\b(?:bug|issue|problem|cause) (?:is )?found\b`,
    String.raw`\bthe (?:real )?(?:problem|issue|bug|cause|reason) (?:is|was)\b|\bsmoking gun\b|\bturns out\b|\bthat(?:'s| is) why\b`,
    String.raw`\bUrsache\b|\bdas Problem (?:ist|war)\b|\bla cause\b|\ble problème (?:est|était)\b|\bla causa\b|\bel problema (?:es|era)\b`,
    '找到(?:了)?(?:问题|原因|根因)|问题找到|根本原因|根因|原因是|问题在于|问题出在|原来是|原因は|問題は|原因が分かり',
  ].join('|'),
  'i',
);
// A guess is not a finding yet ("the issue might be …", "可能是…").
const GUESS =
  /\b(?:might|may|maybe|perhaps|possibly|probably|likely|could be|vielleicht|wahrscheinlich|peut-être|quizás|tal vez)\b|可能|也许|或许|大概|かもしれ/i;
// A sentence that only announces a step ("Let me fix it:"): not a finding of its own.
const STEP =
  /^(?:let me|let's|now (?:let me|i'll|i will)|i'll|i will|next,? i|让我|我来|现在让我|接下来|下面)/i;
const KEPT = 5;
const WIDTH = 220;

// Words that say a problem is solved: what was found before them is history.
const SOLVED =
  /\b(?:fixed|resolved|solved|works now|now works|is working now)\b|已修复|修复完成|修复了|已解决|解决了|修好了|恢复正常|\bbehoben\b|\bgelöst\b|funktioniert jetzt|\bcorrigé\b|\bresuelto\b|修正しました|解決しました/i;

/**
 * Notes the sentences of the agent's words that state a finding, the newest last, a few kept.
 * Words that say the problem is solved end what was found before them, their own included; so
 * does the person's next request (`newThread`): findings are of the work at hand.
 */
export function noteFindings(s: SessionRecord, text: string): void {
  if (SOLVED.test(text)) {
    s.findings = [];
    return;
  }
  if (!FINDING.test(text)) return;
  const plain = text.replace(/```[\s\S]*?(?:```|$)/g, ' ').replace(/\*\*|__/g, '');
  const sentences = sentencesIn(plain);
  for (const [i, sentence] of sentences.entries()) {
    if (!FINDING.test(sentence) || STEP.test(sentence) || GUESS.test(sentence)) continue;
    // "Found it!" says nothing until the sentence after it: that is the finding.
    let said = sentence;
    for (let j = i + 1; bare(said) && j < sentences.length; j++) {
      const next = sentences[j] as string;
      if (STEP.test(next)) break;
      said = /[。！？：]$/.test(said) ? `${said}${next}` : `${said} ${next}`;
    }
    // Still nothing said, or only the start of a list or a quote ("The root cause is: 1.", "…come from:").
    if (bare(said) || /(?:[:：]|\d+[.、])$/.test(said)) continue;
    const line = oneLine(said, WIDTH);
    const findings = s.findings.filter((f) => f !== line);
    findings.push(line);
    s.findings = findings.slice(-KEPT);
  }
}

/** A new request of the person's: what was found before it is of earlier work. */
export function newThread(s: SessionRecord): void {
  s.findings = [];
}

/** Whether a sentence says no more than that something was found ("I found the problem.", "找到问题了！"). */
const bare = (sentence: string) =>
  [...sentence.replace(FINDING, '').replace(/[^\p{L}\p{N}]/gu, '')].length < 10;

/** Sentences, also where Chinese and Japanese end one with no space after (`。`, `！`). */
function sentencesIn(text: string): string[] {
  return text
    .split(/\n+|(?<=[。！？])|(?<=[.!?])\s+/)
    .map((x) => x.replace(/^[#>*\-\s]+/, '').trim())
    .filter((x) => x !== '');
}
