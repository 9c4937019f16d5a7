import { errorCodes, type PathMessage } from '@noek/contracts';
import { DomainError, NotFoundError } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { withLiveContent } from './list-messages';
import { ownedMessage, type MessageRef } from './owned-message';

export const BRANCH_OUT_OF_RANGE = 'There is no such version of this message.';

export interface SwitchBranchInput extends MessageRef {
  /** Which of the message's siblings (itself included) to show, 0-based, oldest first. */
  index: number;
}

/**
 * '‹ 2 / 3 ›': shows another sibling of the message with that branch's whole tail (down its newest
 * messages), remembered as the conversation's path on every device. Answers the new path. A reply
 * still being written on that branch keeps its live content (the client re-attaches to it).
 */
export async function switchBranch(ctx: ChatContext, input: SwitchBranchInput): Promise<PathMessage[]> {
  const { user, message } = await ownedMessage(ctx, input);
  const siblings = await ctx.tree.siblingIds(message);
  const chosen = siblings[input.index];
  if (chosen === undefined) {
    throw new DomainError(errorCodes.branchOutOfRange, 400, BRANCH_OUT_OF_RANGE);
  }
  const leaf = await ctx.tree.newestLeafUnder(input.conversationId, chosen);
  if (!(await ctx.tree.setLeaf(user.id, input.conversationId, leaf))) {
    throw new NotFoundError(CONVERSATION_NOT_FOUND);
  }
  return withLiveContent(ctx, await ctx.tree.path(input.conversationId, {}));
}
