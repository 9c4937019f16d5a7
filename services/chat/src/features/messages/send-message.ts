import { accessLevelSchema } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import type { ReplySink } from '../replies/reply-sink';
import { STALE, untilSettled } from '../usage/count-message';
import { assertMaySend, assertReplySlot, assertSessionValid } from '../users/user-access';
import type { Exchange } from './exchange';
import { parseFunModeCommand } from './fun-mode';
import { withConversationClaim } from './one-reply-at-a-time';
import { answerComplete, startReply } from './start-reply';
import { storeFunModeCommand } from './store-fun-mode-command';
import { storeSend } from './store-send';

export interface SendMessageInput {
  user: AuthUser;
  conversationId: number;
  content: string;
  /** The request id: the event's correlation id. */
  correlationId: string;
  /** An edit (edit-message.ts): the new user message goes under this parent, beside the edited one. */
  editOf?: { parentId: number | null };
}

/**
 * POST /api/conversations/:id/messages. Order matters: session (401), owner (404), banned/blocked
 * (403), one reply at a time (409), usage (429), and only then the store and the model call.
 */
export async function sendMessage(ctx: ChatContext, input: SendMessageInput, sink: ReplySink): Promise<void> {
  const state = await readSendState(ctx, input.user, input.conversationId);
  assertMaySend(state.user);
  await withConversationClaim(ctx, input.conversationId, async () => {
    const exchange = await storeUntilSettled(ctx, input, state);
    if (exchange.complete) answerComplete(exchange, sink);
    else await startReply(ctx, exchange, sink);
  });
}

/** The session's user (created on first sight, revocation applied) and the conversation if theirs: one read. */
async function readSendState(ctx: ChatContext, auth: AuthUser, conversationId: number) {
  let { user, conversation, streamingReplies } = await ctx.send.snapshot(auth.id, conversationId);
  if (!user) {
    user = await ctx.users.ensure(auth.id, accessLevelSchema.catch('basic').parse(auth.accessLevel));
    ({ conversation, streamingReplies } = await ctx.send.snapshot(auth.id, conversationId));
  }
  assertSessionValid(user, auth.issuedAt);
  if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return { user, conversation, streamingReplies };
}

type SendState = Awaited<ReturnType<typeof readSendState>>;

/** Checks and stores, deciding again on a fresh read while the user's row keeps changing under it. */
async function storeUntilSettled(
  ctx: ChatContext,
  input: SendMessageInput,
  first: SendState,
): Promise<Exchange> {
  return untilSettled(
    first,
    async (state) => {
      const { user, conversation } = state;
      assertMaySend(user);
      // Replies this replica is starting count at once; those of other replicas once stored.
      const live = Math.max(ctx.registry.countForUser(user.id), state.streamingReplies);
      assertReplySlot(live, ctx.settings.maxLiveRepliesPerUser);
      const fun = parseFunModeCommand(input.content);
      if (fun !== null) {
        return storeFunModeCommand(ctx, {
          userId: user.id,
          conversation,
          content: input.content,
          on: fun,
          editOf: input.editOf,
        });
      }
      const stored = await storeSend(ctx, {
        user,
        conversation,
        content: input.content,
        correlationId: input.correlationId,
        issuedAt: input.user.issuedAt,
        editOf: input.editOf,
      });
      if (stored !== STALE) ctx.afterCommit();
      return stored;
    },
    (state) => readSendState(ctx, input.user, state.conversation.id),
  );
}
