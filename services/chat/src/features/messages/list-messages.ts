import type { MessageListQuery, PathMessage } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { toPathMessage } from '../conversations/conversation.mapper';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { sessionUser } from '../users/session-user';
import type { PathRow } from './message-tree.repository';

/**
 * The conversation's current path (the branch the user looked at last), oldest first, paged from its
 * end; a reply being written shows its live content.
 */
export async function listMessages(
  ctx: ChatContext,
  auth: AuthUser,
  conversationId: number,
  page: MessageListQuery = {},
): Promise<PathMessage[]> {
  const user = await sessionUser(ctx, auth);
  if (!(await ctx.conversations.findOwned(user.id, conversationId)))
    throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return withLiveContent(ctx, await ctx.tree.path(conversationId, page));
}

/** Path rows on the wire; the live content of a reply being written is fresher than its last flush. */
export function withLiveContent(ctx: ChatContext, rows: PathRow[]): PathMessage[] {
  return rows.map((r) => {
    const live = r.status === 'streaming' ? ctx.registry.get(r.id) : undefined;
    return toPathMessage(r, live?.content ?? r.content);
  });
}
