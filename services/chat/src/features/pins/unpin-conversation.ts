import type { Conversation } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { sessionUser } from '../users/session-user';
import { listPinned } from './pinned-conversations';

/** Unpins one of the user's conversations (unpinning an unpinned one changes nothing); answers the pinned list. */
export async function unpinConversation(
  ctx: ChatContext,
  auth: AuthUser,
  id: number,
): Promise<Conversation[]> {
  const user = await sessionUser(ctx, auth);
  return ctx.transaction(async (tx) => {
    if (!(await tx.conversations.findOwned(user.id, id))) throw new NotFoundError(CONVERSATION_NOT_FOUND);
    await tx.pins.unpin(user.id, id);
    return listPinned(tx, user.id, user.funMode);
  });
}
