import type { ArchiveAllResponse } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';

export async function archiveAllConversations(ctx: ChatContext, auth: AuthUser): Promise<ArchiveAllResponse> {
  const user = await sessionUser(ctx, auth);
  return { archived: await ctx.conversations.archiveAll(user.id) };
}
