import type { Conversation, CreateConversationInput } from '@noek/contracts';
import { ForbiddenError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { toConversation } from './conversation.mapper';

export async function createConversation(
  ctx: ChatContext,
  auth: AuthUser,
  body: CreateConversationInput,
): Promise<Conversation> {
  const user = await sessionUser(ctx, auth);
  // The spec's client sends its userId; the owner is always the session's user.
  if (body.userId && body.userId !== user.id)
    throw new ForbiddenError('You can only create conversations for yourself.');
  const row = await ctx.conversations.create(user.id, body.title);
  return toConversation(row, user.funMode);
}
