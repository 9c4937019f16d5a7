import type { ChatTurn } from './model.types';

let tokenizer: Promise<{ countTokens: (text: string) => number }> | undefined;

/** Chat formatting's few tokens around each message (as in count-tokens.ts). */
const PER_MESSAGE = 4;

/**
 * The turns that fit `windowTokens`, leaving a quarter of it (at most 4,096) for the reply: the system
 * prompt and the newest message always stay, older messages leave from the oldest. `dropped`: how
 * many left. A prompt shorter in characters than the budget fits without counting (a token is at
 * least one character), so the usual send never loads the tokenizer.
 */
export async function fitContext(
  turns: ChatTurn[],
  windowTokens: number,
): Promise<{ turns: ChatTurn[]; dropped: number }> {
  const budget = windowTokens - Math.min(4_096, Math.floor(windowTokens / 4));
  const chars = turns.reduce((n, t) => n + t.content.length + PER_MESSAGE, 0);
  if (chars <= budget || turns.length <= 2) return { turns, dropped: 0 };
  const { countTokens } = await (tokenizer ??= import('gpt-tokenizer/encoding/o200k_base'));
  const sizes = turns.map((t) => countTokens(t.content) + PER_MESSAGE);
  let total = sizes.reduce((a, b) => a + b, 0);
  let first = 1; // turns[0] is the system prompt
  while (total > budget && first < turns.length - 1) total -= sizes[first++] ?? 0;
  const [system, ...rest] = turns;
  if (!system) return { turns, dropped: 0 };
  return { turns: [system, ...rest.slice(first - 1)], dropped: first - 1 };
}
