import { accessLevelSchema, errorCodes } from '@noek/contracts';
import { ConflictError, NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import type { ChatUser, Conversation, Message } from '../../generated/prisma/client';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { modelLabel } from '../providers/choose-model';
import type { ReplySink } from '../replies/reply-sink';
import { assertPlanAllows } from '../usage/assert-plan-allows';
import { decideCount, STALE, untilSettled } from '../usage/count-message';
import { assertMaySend, assertReplySlot } from '../users/user-access';
import { sendingUser } from '../users/session-user';
import { messageSentEnvelope, type Exchange } from './exchange';
import { withConversationClaim } from './one-reply-at-a-time';
import { ownedMessage, type MessageRef } from './owned-message';
import { startReply } from './start-reply';

export const NOT_RETRYABLE =
  'Only the last reply can be retried, and only when it was interrupted or failed.';

export const NOT_CONTINUABLE =
  'Only the last reply of a branch can be continued, and only once it was stopped.';

export interface RetryMessageInput extends MessageRef {
  correlationId: string;
}

/** Retry writes the reply again from nothing; continue goes on from its stored text (a stopped reply). */
export type ResumeMode = 'retry' | 'continue';

/** Retry the last reply when it was interrupted or failed: same checks as sending, same stream. */
export function retryMessage(ctx: ChatContext, input: RetryMessageInput, sink: ReplySink): Promise<void> {
  return resumeReply(ctx, input, sink, 'retry');
}

/** Retry, or continue a stopped reply from where it stopped (the same reply engine and counting). */
export async function resumeReply(
  ctx: ChatContext,
  input: RetryMessageInput,
  sink: ReplySink,
  mode: ResumeMode,
): Promise<void> {
  const { user, message } = await ownedMessage(ctx, input);
  assertMaySend(user);
  await withConversationClaim(ctx, input.conversationId, async () => {
    assertReplySlot(ctx.registry.countForUser(user.id), ctx.settings.maxLiveRepliesPerUser);
    await assertResumable(ctx, message, mode);
    const conversation = await ctx.conversations.findOwned(user.id, input.conversationId);
    if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
    const exchange = await storeRetry(ctx, { auth: input.user, user, conversation, message, input, mode });
    await startReply(ctx, exchange, sink);
  });
}

/**
 * 409 unless it is the end of its branch and an assistant reply: interrupted or failed for a Retry,
 * interrupted with some text for a continue.
 */
async function assertResumable(ctx: ChatContext, message: Message, mode: ResumeMode): Promise<void> {
  // The last message of its branch (nothing follows it); other branches may have grown since.
  const isLast = !(await ctx.tree.hasChildren(message.conversationId, message.id));
  const isReply = message.role === 'assistant' && isLast;
  if (mode === 'continue') {
    if (!isReply || message.status !== 'interrupted' || message.content === '') {
      throw new ConflictError(NOT_CONTINUABLE, errorCodes.notContinuable);
    }
  } else if (!isReply || !['interrupted', 'failed'].includes(message.status)) {
    throw new ConflictError(NOT_RETRYABLE, errorCodes.notRetryable);
  }
}

interface RetryState {
  auth: AuthUser;
  user: ChatUser;
  conversation: Conversation;
  message: Message;
  input: RetryMessageInput;
  mode: ResumeMode;
}

/**
 * Counts like a send (a model call: usage/count-message.ts, compare-and-set), empties the reply and
 * reopens it under a new lease epoch, and enqueues chat.message.sent.v1, in one unit of work. A reply
 * cut by our side (`retryFree`: the model failed, a restart, a crash, the database) was never answered:
 * its Retry is not counted again (quota counts answers, not attempts), nor published as a message.
 */
async function storeRetry(ctx: ChatContext, first: RetryState): Promise<Exchange> {
  const free = first.message.retryFree;
  return untilSettled(
    first.user,
    async (user) => {
      const now = ctx.now();
      // Free: no count, and no limit either (the message it answers was counted when it was sent).
      const count = free ? null : decideCount(user, first.auth.issuedAt, now, ctx.planLimits);
      // The plan's rules too (model, tokens): a free Retry finishes what was already allowed.
      if (!free) await assertPlanAllows(ctx, user, first.message.model, now);
      const funMode = user.funMode;
      const exchange = await ctx.transaction(async ({ users, messages, conversations, tree, publish }) => {
        if (count && !(await users.countIfUnchanged(count))) return null;
        const continuing = first.mode === 'continue';
        const assistantMessage = continuing
          ? await messages.reopenToContinue(first.message.id)
          : await messages.reopen(first.message.id);
        // Reopened meanwhile by a Retry on another replica: this one rolls back (nothing counted).
        if (!assistantMessage) {
          if (continuing) throw new ConflictError(NOT_CONTINUABLE, errorCodes.notContinuable);
          throw new ConflictError(NOT_RETRYABLE, errorCodes.notRetryable);
        }
        // The retried branch is the one shown from now on (it may not have been: a Retry from a link).
        await tree.setLeaf(user.id, first.conversation.id, assistantMessage.id);
        const conversation = await conversations.touch(first.conversation.id, now);
        // chat.message.sent.v1 is a counted message (the admin usage counts them): a free Retry is none.
        if (count) {
          const data = {
            userId: user.id,
            conversationId: conversation.id,
            messageId: assistantMessage.id,
            accessLevel: accessLevelSchema.catch('basic').parse(user.accessLevel),
            model: modelLabel(assistantMessage.model),
          };
          await publish(messageSentEnvelope({ ...data, at: now.toISOString() }, first.input.correlationId));
        }
        return {
          userMessage: null,
          assistantMessage,
          conversation,
          funMode,
          customInstructions: user.customInstructions,
          continueFrom: continuing ? assistantMessage.content : undefined,
        };
      });
      return exchange ?? STALE;
    },
    () => sendingUser(ctx, first.auth),
  );
}
