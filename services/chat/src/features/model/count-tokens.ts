import type { ChatTurn, TokenUsage } from './model.types';

let tokenizer: Promise<{ countTokens: (text: string) => number }> | undefined;

/** Chat formatting adds a few tokens per message around its content (OpenAI's documented estimate). */
const PER_MESSAGE = 4;
const PER_REPLY = 2;

/**
 * Tokens of a reply whose provider reported none (servers without `include_usage`): counted with
 * GPT-4o's encoding, close enough for budgets of other models. Loaded on first use.
 */
export async function countTokens(turns: ChatTurn[], completion: string): Promise<TokenUsage> {
  const { countTokens: count } = await (tokenizer ??= import('gpt-tokenizer/encoding/o200k_base'));
  let prompt = PER_REPLY;
  for (const t of turns) prompt += PER_MESSAGE + count(t.content);
  return { prompt, completion: count(completion) };
}
