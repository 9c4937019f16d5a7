import { DEFAULT_CONVERSATION_TITLE } from '@noek/contracts';
import { NotFoundError, outboxRecord } from '@noek/service-kit';
import { accessLevelSchema } from '@noek/contracts';
import type { ChatContext } from '../../context';
import type { ChatUser, Conversation } from '../../generated/prisma/client';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { titleFromMessage } from '../conversations/title-from-message';
import { chooseModel, modelLabel } from '../providers/choose-model';
import { assertPlanAllows } from '../usage/assert-plan-allows';
import { decideCount, STALE } from '../usage/count-message';
import { messageSentEnvelope, type Exchange } from './exchange';

export interface StoreSend {
  user: ChatUser;
  conversation: Conversation;
  content: string;
  correlationId: string;
  /** The access token's issue time: a revocation that lands meanwhile makes the write fail. */
  issuedAt: Date;
  /** An edit: the user message becomes a sibling of the edited one (under its parent). */
  editOf?: { parentId: number | null };
}

/**
 * Send: count, store the user message and the opening assistant reply, name a new conversation and
 * write the event, in one statement (send.repository.ts). Throws UsageLimitReachedError (nothing
 * written) when the window is full, and the plan's refusals (usage/assert-plan-allows.ts); answers 'stale' when the user's row changed since it was read (a
 * concurrent send, a block, a revocation): nothing was written and the caller decides again.
 */
export async function storeSend(ctx: ChatContext, input: StoreSend): Promise<Exchange | typeof STALE> {
  const now = ctx.now();
  const { user, conversation } = input;
  const count = decideCount(user, input.issuedAt, now, ctx.planLimits);
  const replyModel = chooseModel(ctx, conversation, user);
  await assertPlanAllows(ctx, user, replyModel, now);
  // messageId is a placeholder here: the database puts the user message's id in the stored event.
  const outbox = outboxRecord(
    messageSentEnvelope(
      {
        userId: user.id,
        conversationId: conversation.id,
        messageId: 1,
        at: now.toISOString(),
        accessLevel: accessLevelSchema.catch('basic').parse(user.accessLevel),
        model: modelLabel(replyModel),
      },
      input.correlationId,
    ),
  );
  const promptHistory = ctx.settings.promptHistory;
  const result = await ctx.send.write({
    ...count,
    conversationId: conversation.id,
    // A conversation still called 'New Chat' is named after its first real message (fun-mode commands
    // leave the default, so the next message names it).
    title: conversation.title === DEFAULT_CONVERSATION_TITLE ? titleFromMessage(input.content) : null,
    content: input.content,
    now,
    outbox,
    historyLimit: Math.max(0, promptHistory - 1),
    after: input.editOf ? { kind: 'parent', parentId: input.editOf.parentId } : { kind: 'leaf' },
    replyModel,
  });
  if (result.kind === 'stale') return STALE;
  if (result.kind === 'conversation-gone') throw new NotFoundError(CONVERSATION_NOT_FOUND);
  const {
    userMessage,
    assistantMessage,
    conversation: stored,
    funMode,
    customInstructions,
    history,
  } = result;
  return {
    userMessage,
    assistantMessage,
    conversation: stored,
    funMode,
    customInstructions,
    history: promptHistory === 0 ? [] : history,
  };
}
