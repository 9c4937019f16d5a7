import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';

export const MESSAGE_NOT_FOUND = 'Message not found.';

export interface MessageRef {
  user: AuthUser;
  conversationId: number;
  messageId: number;
}

/** The session's user and their message (another user's reads as missing: 404). */
export async function ownedMessage(ctx: ChatContext, ref: MessageRef) {
  const user = await sessionUser(ctx, ref.user);
  const message = await ctx.messages.findOwned(user.id, ref.conversationId, ref.messageId);
  if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
  return { user, message };
}
