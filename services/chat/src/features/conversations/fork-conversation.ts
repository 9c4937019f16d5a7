import { MAX_INT4, type Conversation } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { ownedMessage } from '../messages/owned-message';
import { toConversation } from './conversation.mapper';

export interface ForkInput {
  user: AuthUser;
  conversationId: number;
  messageId: number;
}

/**
 * 'Continue in a new chat': a new conversation (same title) holding a copy of the path from the first
 * message down to this one, as a single path. Not counted: nothing is generated. A reply still being
 * written is copied as it is stored, interrupted (its writer writes only the original).
 */
export async function forkConversation(ctx: ChatContext, input: ForkInput): Promise<Conversation> {
  const { user, message } = await ownedMessage(ctx, input);
  const source = await ctx.conversations.findOwned(user.id, input.conversationId);
  const path = await ctx.tree.ancestors(message.id, MAX_INT4);
  const conversation = await ctx.transaction(async ({ conversations, tree }) => {
    const created = await conversations.create(user.id, source?.title ?? 'New Chat');
    await tree.copyPath(created.id, path);
    return created;
  });
  return toConversation(conversation, user.funMode);
}
