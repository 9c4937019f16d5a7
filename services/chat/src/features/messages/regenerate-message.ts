import { accessLevelSchema, errorCodes } from '@noek/contracts';
import { ConflictError, NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import type { ChatUser, Conversation, Message } from '../../generated/prisma/client';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import type { ReplySink } from '../replies/reply-sink';
import { chooseModel, modelLabel } from '../providers/choose-model';
import { assertPlanAllows } from '../usage/assert-plan-allows';
import { decideCount, STALE, untilSettled } from '../usage/count-message';
import { assertMaySend, assertReplySlot } from '../users/user-access';
import { sendingUser } from '../users/session-user';
import { messageSentEnvelope, type Exchange } from './exchange';
import { withConversationClaim } from './one-reply-at-a-time';
import { ownedMessage, type MessageRef } from './owned-message';
import { startReply } from './start-reply';

export const NOT_REGENERABLE = 'Only a reply that is not being written can be regenerated.';

export interface RegenerateMessageInput extends MessageRef {
  correlationId: string;
  /** The model to answer with (`<provider>/<model>`, a model picker); absent: the conversation's. */
  model?: string;
}

/**
 * Regenerate: a new reply beside this one (same user message), shown from now on; the old reply stays
 * reachable. Same checks and the same reply engine as a send (write-ahead streaming, lease, re-attach).
 */
export async function regenerateMessage(
  ctx: ChatContext,
  input: RegenerateMessageInput,
  sink: ReplySink,
): Promise<void> {
  const { user, message } = await ownedMessage(ctx, input);
  if (message.role !== 'assistant' || message.status === 'streaming' || message.parentId === null) {
    throw new ConflictError(NOT_REGENERABLE, errorCodes.notRegenerable);
  }
  assertMaySend(user);
  await withConversationClaim(ctx, input.conversationId, async () => {
    assertReplySlot(ctx.registry.countForUser(user.id), ctx.settings.maxLiveRepliesPerUser);
    const conversation = await ctx.conversations.findOwned(user.id, input.conversationId);
    if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
    const exchange = await storeRegenerate(ctx, { auth: input.user, user, conversation, message, input });
    await startReply(ctx, exchange, sink);
  });
}

interface RegenerateState {
  auth: AuthUser;
  user: ChatUser;
  conversation: Conversation;
  message: Message;
  input: RegenerateMessageInput;
}

/**
 * Counts like a send (decisions.md: a regenerate makes the model work, so it is a message for the
 * limit; compare-and-set as usage/count-message.ts), stores the new reply beside the old one as the
 * leaf shown, and enqueues chat.message.sent.v1, in one unit of work.
 */
async function storeRegenerate(ctx: ChatContext, first: RegenerateState): Promise<Exchange> {
  const parentId = first.message.parentId!;
  return untilSettled(
    first.user,
    async (user) => {
      const now = ctx.now();
      const count = decideCount(user, first.auth.issuedAt, now, ctx.planLimits);
      const funMode = user.funMode;
      // The model asked for (a sibling written by another model), else the conversation's as a send.
      const replyModel = chooseModel(ctx, first.conversation, user, first.input.model);
      await assertPlanAllows(ctx, user, replyModel, now);
      const exchange = await ctx.transaction(async ({ users, messages, conversations, tree, publish }) => {
        if (!(await users.countIfUnchanged(count))) return null;
        const assistantMessage = await messages.addReply(first.conversation.id, parentId, replyModel);
        await tree.setLeaf(user.id, first.conversation.id, assistantMessage.id);
        const conversation = await conversations.touch(first.conversation.id, now);
        const data = { userId: user.id, conversationId: conversation.id, messageId: assistantMessage.id };
        const level = accessLevelSchema.catch('basic').parse(user.accessLevel);
        await publish(
          messageSentEnvelope(
            { ...data, at: now.toISOString(), accessLevel: level, model: modelLabel(replyModel) },
            first.input.correlationId,
          ),
        );
        return {
          userMessage: null,
          assistantMessage,
          conversation,
          funMode,
          customInstructions: user.customInstructions,
        };
      });
      return exchange ?? STALE;
    },
    () => sendingUser(ctx, first.auth),
  );
}
