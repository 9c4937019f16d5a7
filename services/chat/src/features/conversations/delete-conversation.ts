import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { CONVERSATION_NOT_FOUND } from './conversation-errors';

/** Deletes one of the user's conversations with its messages; a reply being written is stopped first. */
export async function deleteConversation(ctx: ChatContext, auth: AuthUser, id: number): Promise<void> {
  const user = await sessionUser(ctx, auth);
  if (!(await ctx.conversations.findOwned(user.id, id))) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  // A reply still being written would otherwise try to store into a deleted conversation.
  const live = ctx.registry.findByConversation(id);
  if (live) await ctx.registry.stop(live.messageId);
  if (!(await ctx.conversations.remove(user.id, id))) throw new NotFoundError(CONVERSATION_NOT_FOUND);
}
