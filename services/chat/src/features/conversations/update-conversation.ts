import type { Conversation } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { toConversation } from './conversation.mapper';
import { CONVERSATION_NOT_FOUND } from './conversation-errors';

/** Rename (`title`), archive or unarchive (`archived`) one of the user's conversations. */
export async function updateConversation(
  ctx: ChatContext,
  auth: AuthUser,
  id: number,
  change: { title?: string; archived?: boolean },
): Promise<Conversation> {
  const user = await sessionUser(ctx, auth);
  const row = await ctx.conversations.update(user.id, id, {
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.archived !== undefined ? { archivedAt: change.archived ? ctx.now() : null } : {}),
  });
  if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return toConversation(row, user.funMode);
}
