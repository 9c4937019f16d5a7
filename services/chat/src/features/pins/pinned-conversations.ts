import type { Conversation } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext, ChatRepositories } from '../../context';
import { toConversation } from '../conversations/conversation.mapper';
import { sessionUser } from '../users/session-user';

/** The user's pinned conversations, top first (what every pin route answers). */
export async function listPinned(
  repos: Pick<ChatRepositories, 'pins'>,
  userId: string,
  funMode: boolean,
): Promise<Conversation[]> {
  return (await repos.pins.listConversations(userId)).map((c) => toConversation(c, funMode));
}

export async function pinnedConversations(ctx: ChatContext, auth: AuthUser): Promise<Conversation[]> {
  const user = await sessionUser(ctx, auth);
  return listPinned(ctx, user.id, user.funMode);
}
