import { errorCodes, MAX_INT4 } from '@noek/contracts';
import { ConflictError, NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import type { ChatUser, Conversation, Message } from '../../generated/prisma/client';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import type { ReplySink } from '../replies/reply-sink';
import { decideCount, MAX_COUNT_ATTEMPTS } from '../usage/count-message';
import { assertMaySend, assertReplySlot } from '../users/user-access';
import { sessionUser } from '../users/session-user';
import { messageSentEnvelope, type Exchange } from './exchange';
import { withConversationClaim } from './one-reply-at-a-time';
import { ownedMessage, type MessageRef } from './owned-message';
import { SEND_CONTENDED } from './send-message';
import { startReply } from './start-reply';

export const NOT_RETRYABLE =
  'Only the last reply can be retried, and only when it was interrupted or failed.';

export interface RetryMessageInput extends MessageRef {
  correlationId: string;
}

/** Retry the last reply when it was interrupted or failed: same checks as sending, same stream. */
export async function retryMessage(
  ctx: ChatContext,
  input: RetryMessageInput,
  sink: ReplySink,
): Promise<void> {
  const { user, message } = await ownedMessage(ctx, input);
  assertMaySend(user);
  await withConversationClaim(ctx, input.conversationId, async () => {
    assertReplySlot(ctx.registry.countForUser(user.id), ctx.settings.maxLiveRepliesPerUser);
    await assertRetryable(ctx, message);
    const conversation = await ctx.conversations.findOwned(user.id, input.conversationId);
    if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
    const exchange = await storeRetry(ctx, { auth: input.user, user, conversation, message, input });
    await startReply(ctx, exchange, sink);
  });
}

/** 409 unless it is the conversation's newest message, an assistant reply, interrupted or failed. */
async function assertRetryable(ctx: ChatContext, message: Message): Promise<void> {
  // The newest message of the conversation (ids are int4, so MAX_INT4 is past every id).
  const [last] = await ctx.messages.history(message.conversationId, MAX_INT4, 1);
  const isLast = last?.id === message.id;
  if (message.role !== 'assistant' || !['interrupted', 'failed'].includes(message.status) || !isLast) {
    throw new ConflictError(NOT_RETRYABLE, errorCodes.notRetryable);
  }
}

interface RetryState {
  auth: AuthUser;
  user: ChatUser;
  conversation: Conversation;
  message: Message;
  input: RetryMessageInput;
}

/**
 * Counts like a send (a model call: usage/count-message.ts, compare-and-set), empties the reply and
 * reopens it under a new lease epoch, and enqueues chat.message.sent.v1, in one unit of work. A reply
 * cut by our side (`retryFree`: the model failed, a restart, a crash, the database) was never answered:
 * its Retry is not counted again (quota counts answers, not attempts), nor published as a message.
 */
async function storeRetry(ctx: ChatContext, first: RetryState): Promise<Exchange> {
  let user = first.user;
  const free = first.message.retryFree;
  for (let attempt = 1; ; attempt++) {
    const now = ctx.now();
    // Free: no count, and no limit either (the message it answers was counted when it was sent).
    const count = free ? null : decideCount(user, first.auth.issuedAt, now);
    const funMode = user.funMode;
    const exchange = await ctx.transaction(async ({ users, messages, conversations, publish }) => {
      if (count && !(await users.countIfUnchanged(count))) return null;
      const assistantMessage = await messages.reopen(first.message.id);
      // Reopened meanwhile by a Retry on another replica: this one rolls back (nothing counted).
      if (!assistantMessage) throw new ConflictError(NOT_RETRYABLE, errorCodes.notRetryable);
      const conversation = await conversations.touch(first.conversation.id, now);
      // chat.message.sent.v1 is a counted message (the admin usage counts them): a free Retry is none.
      if (count) {
        const data = { userId: user.id, conversationId: conversation.id, messageId: assistantMessage.id };
        await publish(messageSentEnvelope({ ...data, at: now.toISOString() }, first.input.correlationId));
      }
      return { userMessage: null, assistantMessage, conversation, funMode };
    });
    if (exchange) return exchange;
    if (attempt >= MAX_COUNT_ATTEMPTS) throw new ConflictError(SEND_CONTENDED, errorCodes.sendContended);
    // The row changed since the read (a concurrent send, a block, a revocation): decide again.
    user = await sessionUser(ctx, first.auth);
    assertMaySend(user);
  }
}
