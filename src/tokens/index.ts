/** Token counting, exact (gpt-tokenizer) or estimated (chars/4), loaded on first use. */
export {
  estimateTokens,
  loadTokenCounter,
  TOKENIZERS,
  type TokenCounter,
  type TokenizerName,
} from './count.js';
