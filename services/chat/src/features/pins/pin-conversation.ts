import { MAX_PINS, type Conversation } from '@noek/contracts';
import { ConflictError, NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { sessionUser } from '../users/session-user';
import { listPinned } from './pinned-conversations';

/** Pins one of the user's conversations at the top of the pinned ones; answers the pinned list. */
export async function pinConversation(ctx: ChatContext, auth: AuthUser, id: number): Promise<Conversation[]> {
  const user = await sessionUser(ctx, auth);
  return ctx.transaction(async (tx) => {
    if (!(await tx.conversations.findOwned(user.id, id))) throw new NotFoundError(CONVERSATION_NOT_FOUND);
    const pinned = await tx.pins.listIds(user.id);
    if (!pinned.includes(id)) {
      if (pinned.length >= MAX_PINS)
        throw new ConflictError(`At most ${MAX_PINS} conversations can be pinned.`);
      await tx.pins.pinFirst(user.id, id);
    }
    return listPinned(tx, user.id, user.funMode);
  });
}
