import type { Message } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { toMessage } from '../conversations/conversation.mapper';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { sessionUser } from '../users/session-user';

/** A conversation's messages, oldest first; a reply being written shows its live content. */
export async function listMessages(
  ctx: ChatContext,
  auth: AuthUser,
  conversationId: number,
): Promise<Message[]> {
  const user = await sessionUser(ctx, auth);
  if (!(await ctx.conversations.findOwned(user.id, conversationId)))
    throw new NotFoundError(CONVERSATION_NOT_FOUND);
  const rows = await ctx.messages.list(conversationId);
  // The live content is fresher than the last flush.
  return rows.map((r) => {
    const live = r.status === 'streaming' ? ctx.registry.get(r.id) : undefined;
    return live ? { ...toMessage(r), content: live.content } : toMessage(r);
  });
}
