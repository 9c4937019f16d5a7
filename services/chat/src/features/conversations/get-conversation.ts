import type { Conversation } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { toConversation } from './conversation.mapper';
import { CONVERSATION_NOT_FOUND } from './conversation-errors';

/** One conversation (the header's title on a deep link to an old conversation). */
export async function getConversation(ctx: ChatContext, auth: AuthUser, id: number): Promise<Conversation> {
  const user = await sessionUser(ctx, auth);
  const row = await ctx.conversations.findOwned(user.id, id);
  if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return toConversation(row, user.funMode);
}
