import type { PathMessage } from '@noek/contracts';
import { NotFoundError } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { withLiveContent } from '../messages/list-messages';
import { ownedMessage, type MessageRef } from '../messages/owned-message';

/**
 * Opening a search match: a match on a branch the conversation does not show (an older version of an
 * edited message or a regenerated reply, or their tails) switches the path shown to that branch, down
 * its newest messages, as '‹ 2 / 3 ›' would; a match on the path shown changes nothing. Answers the path.
 */
export async function showMessage(ctx: ChatContext, input: MessageRef): Promise<PathMessage[]> {
  const { user, message } = await ownedMessage(ctx, input);
  const shown = await ctx.tree.path(input.conversationId, {});
  if (shown.some((m) => m.id === message.id)) return withLiveContent(ctx, shown);
  const leaf = await ctx.tree.newestLeafUnder(input.conversationId, message.id);
  if (!(await ctx.tree.setLeaf(user.id, input.conversationId, leaf)))
    throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return withLiveContent(ctx, await ctx.tree.path(input.conversationId, {}));
}
