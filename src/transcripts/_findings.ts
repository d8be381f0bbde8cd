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
// A sentence that only announces a step ("Let me fix it:"): not a finding of its own.
const STEP =
  /^(?:let me|let's|now (?:let me|i'll|i will)|i'll|i will|next,? i|让我|我来|现在让我|接下来|下面)/i;
const KEPT = 5;
const WIDTH = 220;

/** Notes the sentences of the agent's words that state a finding, the newest last, a few kept. */
export function noteFindings(s: SessionRecord, text: string): void {
  if (!FINDING.test(text)) return;
  const plain = text.replace(/```[\s\S]*?(?:```|$)/g, ' ').replace(/\*\*|__/g, '');
  const sentences = sentencesIn(plain);
  for (const [i, sentence] of sentences.entries()) {
    if (!FINDING.test(sentence) || STEP.test(sentence)) continue;
    // "Found it!" says nothing until the sentence after it: that is the finding.
    let said = sentence;
    for (let j = i + 1; bare(said) && j < sentences.length; j++) {
      const next = sentences[j] as string;
      if (STEP.test(next)) break;
      said = /[。！？：]$/.test(said) ? `${said}${next}` : `${said} ${next}`;
    }
    if (bare(said)) continue;
    const line = oneLine(said, WIDTH);
    const findings = s.findings.filter((f) => f !== line);
    findings.push(line);
    s.findings = findings.slice(-KEPT);
  }
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
