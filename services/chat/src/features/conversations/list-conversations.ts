import { UNPAGED_LIST_LIMIT, type Conversation, type PageQuery } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { toConversation } from './conversation.mapper';

/** The user's conversations (or archived ones), newest first; without `limit` the whole list (spec §7). */
export async function listConversations(
  ctx: ChatContext,
  auth: AuthUser,
  input: { archived: boolean; page: PageQuery },
): Promise<Conversation[]> {
  const user = await sessionUser(ctx, auth);
  const rows = await ctx.conversations.list(user.id, input.archived, {
    limit: input.page.limit ?? UNPAGED_LIST_LIMIT,
    offset: input.page.offset,
  });
  return rows.map((r) => toConversation(r, user.funMode));
}
