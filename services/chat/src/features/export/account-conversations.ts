import type { Conversation } from '../../generated/prisma/client';
import type { ChatContext } from '../../context';
import type { ExportedMessageRow } from './conversation-export';

/** Conversations read per round trip (their rows only; their messages come in groups of their own). */
export const CONVERSATIONS_PAGE = 500;
/** Messages read per round trip, across a group of conversations (~1 KB each: a few MB a group). */
export const MESSAGES_PAGE = 5_000;

/**
 * Consecutive runs of `conversations` holding at most MESSAGES_PAGE messages together (a larger
 * conversation is a run of its own): what one round trip reads.
 */
function groups(conversations: Conversation[], counts: Map<number, number>): Conversation[][] {
  const out: Conversation[][] = [];
  let group: Conversation[] = [];
  let messages = 0;
  for (const c of conversations) {
    const n = counts.get(c.id) ?? 0;
    if (group.length > 0 && messages + n > MESSAGES_PAGE) {
      out.push(group);
      group = [];
      messages = 0;
    }
    group.push(c);
    messages += n;
  }
  if (group.length > 0) out.push(group);
  return out;
}

/**
 * Every conversation of the user (archived too) with its whole tree, oldest id first, in few round
 * trips: a page of conversations, their message counts, then their messages a group of conversations at
 * a time (a round trip per conversation was the export's cost). Holds one group's messages at most (or
 * one large conversation): memory stays flat whatever the account's size.
 */
export async function* accountConversations(
  ctx: ChatContext,
  userId: string,
): AsyncGenerator<{ conversation: Conversation; messages: ExportedMessageRow[] }> {
  for (let afterId = 0; ;) {
    const page = await ctx.exports.page(userId, afterId, CONVERSATIONS_PAGE);
    if (page.length === 0) return;
    const counts = await ctx.exports.messageCounts(page.map((c) => c.id));
    for (const group of groups(page, counts)) {
      const byConversation = new Map<number, ExportedMessageRow[]>(group.map((c) => [c.id, []]));
      for (const { conversationId, ...m } of await ctx.exports.messagesOf(group.map((c) => c.id)))
        byConversation.get(conversationId)!.push(m);
      for (const conversation of group) {
        const messages = byConversation.get(conversation.id)!.sort((a, b) => a.id - b.id);
        byConversation.delete(conversation.id);
        yield { conversation, messages };
      }
    }
    if (page.length < CONVERSATIONS_PAGE) return;
    afterId = page.at(-1)!.id;
  }
}
