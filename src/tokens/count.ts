/**
 * Token counting: exact counts with gpt-tokenizer (`o200k_base` by default, `cl100k_base`
 * selectable) or a `chars/4` estimate. The encodings are loaded on first use only, so commands
 * that never count pay nothing at start-up.
 */
import { UserError } from '../errors.js';

/** The tokenizers baton knows. */
export const TOKENIZERS = ['o200k_base', 'cl100k_base', 'chars/4'] as const;

/** A tokenizer name. */
export type TokenizerName = (typeof TOKENIZERS)[number];

/** Counts the tokens of a text with one tokenizer. */
export interface TokenCounter {
  name: TokenizerName;
  count(text: string): number;
}

/** The `chars/4` estimate: one token per four UTF-16 code units, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const loaded = new Map<TokenizerName, Promise<TokenCounter>>();

/** The counter of a tokenizer, loading its encoding on first use. */
export function loadTokenCounter(name: TokenizerName = 'o200k_base'): Promise<TokenCounter> {
  if (!(TOKENIZERS as readonly string[]).includes(name)) {
    throw new UserError('USAGE', `unknown tokenizer "${name}"; known: ${TOKENIZERS.join(', ')}`);
  }
  let counter = loaded.get(name);
  if (!counter) {
    counter = load(name);
    loaded.set(name, counter);
  }
  return counter;
}

async function load(name: TokenizerName): Promise<TokenCounter> {
  if (name === 'chars/4') return { name, count: estimateTokens };
  const encoding =
    name === 'o200k_base'
      ? await import('gpt-tokenizer/encoding/o200k_base')
      : await import('gpt-tokenizer/encoding/cl100k_base');
  // Text that merely contains `<|im_start|>` and the like is counted as text, never refused.
  const options = { disallowedSpecial: new Set<string>() };
  return { name, count: (text: string) => encoding.encode(text, options).length };
}
