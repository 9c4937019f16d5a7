import type { ChatContext } from '../../context';
import type { Exchange } from '../messages/exchange';
import type { LiveReply } from '../replies/reply-registry';
import { AUTO_TITLE_MAX, titleFromMessage } from './title-from-message';

export const TITLE_PROMPT =
  'Write a short title for this conversation, at most 6 words. Answer with the title only: no quotes, no markdown, no final period.';
/** A title that takes longer is not worth waiting for: the first-message title stays. */
export const TITLE_TIMEOUT_MS = 15_000;

/**
 * After the first reply of a conversation, in the background (never delaying the reply): the model
 * writes a short title, which replaces the first-message title only while the conversation still has
 * it (a rename by the user always wins, also one made while the title is being written). The offline
 * responder keeps the first-message title. Failures only log.
 */
export function titleAfterFirstReply(ctx: ChatContext, exchange: Exchange, reply: LiveReply): void {
  const first = exchange.userMessage;
  if (!ctx.settings.modelTitles || ctx.provider.kind === 'offline') return;
  if (!first || first.parentId !== null) return;
  if (exchange.conversation.title !== titleFromMessage(first.content)) return;
  void reply.settled
    .then(async (end) => {
      if (end.type !== 'done' || end.assistantMessage.status !== 'complete') return;
      const title = await writeTitle(ctx, first.content, end.assistantMessage.content);
      if (title)
        await ctx.conversations.renameIfTitled(exchange.conversation.id, exchange.conversation.title, title);
    })
    .catch((err: unknown) => ctx.logger.warn({ err }, 'the model could not title the conversation'));
}

async function writeTitle(ctx: ChatContext, question: string, answer: string): Promise<string | null> {
  let text = '';
  const turns = [
    { role: 'system' as const, content: TITLE_PROMPT },
    { role: 'user' as const, content: question.slice(0, 2_000) },
    { role: 'assistant' as const, content: answer.slice(0, 2_000) },
    { role: 'user' as const, content: 'Title this conversation.' },
  ];
  for await (const piece of ctx.provider.stream(turns, AbortSignal.timeout(TITLE_TIMEOUT_MS))) {
    text += piece;
    if (text.length > AUTO_TITLE_MAX * 4) break;
  }
  return cleanTitle(text);
}

/** One line, no markdown or surrounding quotes, at most AUTO_TITLE_MAX characters; null when empty. */
export function cleanTitle(text: string): string | null {
  const line = text
    .split('\n')
    .map((l) => l.replace(/[#*_`[\]()>~|]/g, '').replace(/\s+/g, ' '))
    .map((l) => l.replace(/^[\s"'“”‘’]+|[\s"'“”‘’.:]+$/g, ''))
    .find((l) => l.length > 0);
  if (!line) return null;
  const chars = Array.from(line);
  if (chars.length <= AUTO_TITLE_MAX) return line;
  return `${chars
    .slice(0, AUTO_TITLE_MAX - 1)
    .join('')
    .trimEnd()}…`;
}
