import { randomUUID } from 'node:crypto';
import { DEFAULT_CONVERSATION_TITLE, messageSentEvent, type MessageSentData } from '@noek/contracts';
import { enqueueEvent, NotFoundError } from '@noek/service-kit';
import type { ChatDb, ChatTx } from '../../db/chat-db';
import type { ChatUser, Conversation, Message } from '../../generated/prisma/client';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversations.routes';
import { titleFromMessage } from '../conversations/title-from-message';
import { decideUsage } from '../usage/usage-window';
import { UsageLimitReached, usageLimitFor } from '../usage/usage-limit';
import { levelOf } from '../users/chat-users.repository';
import type { SendRepository } from './send.repository';

export interface Exchange {
  userMessage: Message | null;
  assistantMessage: Message;
  conversation: Conversation;
  funMode: boolean;
  /** The prompt's messages when the store already read them (send); otherwise they are queried. */
  history?: Message[];
}

/** The user's window after one more message, or UsageLimitReached (429) when it is full. */
function allowedOrThrow(
  user: Pick<ChatUser, 'messageCount' | 'windowStartedAt'>,
  limit: ReturnType<typeof usageLimitFor>,
  now: Date,
) {
  const decision = decideUsage(
    { count: user.messageCount, windowStartedAt: user.windowStartedAt },
    limit,
    now,
  );
  if (!decision.allowed)
    throw new UsageLimitReached(decision.limit, limit.periodHours ?? 0, decision.resetsAt, now);
  return decision;
}

/**
 * Counts one message against the user's window, under a row lock so concurrent sends cannot both
 * take the last slot. Throws UsageLimitReached (nothing written) when the window is full.
 */
async function countMessage(tx: ChatTx, userId: string, now: Date) {
  const [user] = await tx.$queryRaw<
    ChatUser[]
  >`SELECT * FROM "chat_users" WHERE "id" = ${userId}::uuid FOR UPDATE`;
  if (!user) throw new Error(`chat user ${userId} missing`);
  const level = levelOf(user);
  const limit = usageLimitFor(level);
  const decision = allowedOrThrow(user, limit, now);
  await tx.chatUser.update({
    where: { id: userId },
    data: { messageCount: decision.next.count, windowStartedAt: decision.next.windowStartedAt },
  });
  return { user, level, count: decision.next.count, windowStartedAt: decision.next.windowStartedAt };
}

/** The event row, in the same transaction as the message it reports (published after commit by the relay). */
async function enqueueMessageSent(tx: ChatTx, data: MessageSentData, correlationId: string) {
  const subject = messageSentEvent.subject;
  await enqueueEvent(tx, {
    id: randomUUID(),
    type: subject,
    time: new Date().toISOString(),
    correlationId,
    data,
  });
}

export interface BeginSend {
  user: ChatUser;
  conversation: Conversation;
  content: string;
  correlationId: string;
  /** The access token's issue time: a revocation that lands meanwhile makes the write fail. */
  issuedAt: Date;
  /** Messages in the prompt, the new one included (PROMPT_HISTORY_MESSAGES). */
  promptHistory: number;
}

/** The outbox row as enqueueEvent would write it (validated, JSON round trip, ordered createdAt). */
async function outboxRow(data: MessageSentData, correlationId: string) {
  let row: { id: string; subject: string; payload: object; createdAt: Date } | undefined;
  const capture = {
    outboxEvent: { create: async (args: { data: NonNullable<typeof row> }) => void (row = args.data) },
  };
  await enqueueEvent(capture, {
    id: randomUUID(),
    type: messageSentEvent.subject,
    time: data.at,
    correlationId,
    data,
  });
  if (!row) throw new Error('outbox row not built');
  return row;
}

/**
 * Send: count, store the user message and the opening assistant reply, name a new conversation and
 * write the event, in one statement (send.repository.ts). Throws UsageLimitReached (nothing written)
 * when the window is full; answers 'stale' when the user's row changed since it was read (a concurrent
 * send, a block, a revocation): nothing was written and the caller decides again on a fresh read.
 */
export async function beginSend(repo: SendRepository, input: BeginSend): Promise<Exchange | 'stale'> {
  const now = new Date();
  const { user, conversation } = input;
  const limit = usageLimitFor(levelOf(user));
  const decision = allowedOrThrow(user, limit, now);
  // messageId is a placeholder here: the database puts the user message's id in the stored event.
  const outbox = await outboxRow(
    { userId: user.id, conversationId: conversation.id, messageId: 1, at: now.toISOString() },
    input.correlationId,
  );
  const result = await repo.write({
    expect: {
      userId: user.id,
      accessLevel: user.accessLevel,
      messageCount: user.messageCount,
      windowStartedAt: user.windowStartedAt,
      issuedAt: input.issuedAt,
    },
    next: { messageCount: decision.next.count, windowStartedAt: decision.next.windowStartedAt },
    conversationId: conversation.id,
    // A conversation still called 'New Chat' is named after its first real message (fun-mode commands
    // leave the default, so the next message names it).
    title: conversation.title === DEFAULT_CONVERSATION_TITLE ? titleFromMessage(input.content) : null,
    content: input.content,
    now,
    outbox,
    historyLimit: Math.max(0, input.promptHistory - 1),
  });
  if (result.kind === 'stale') return 'stale';
  if (result.kind === 'conversation-gone') throw new NotFoundError(CONVERSATION_NOT_FOUND);
  const { userMessage, assistantMessage, conversation: stored, funMode, history } = result;
  return {
    userMessage,
    assistantMessage,
    conversation: stored,
    funMode,
    history: input.promptHistory === 0 ? [] : history,
  };
}

/** Retry: counts like a send (a model call), empties the interrupted or failed reply and reopens it. */
export function beginRetry(
  db: ChatDb,
  input: { userId: string; conversation: Conversation; messageId: number; correlationId: string },
) {
  const now = new Date();
  return db.$transaction(async (tx): Promise<Exchange> => {
    const usage = await countMessage(tx, input.userId, now);
    const assistantMessage = await tx.message.update({
      where: { id: input.messageId },
      data: { content: '', status: 'streaming' },
    });
    const conversation = await tx.conversation.update({
      where: { id: input.conversation.id },
      data: { updatedAt: now },
    });
    await enqueueMessageSent(
      tx,
      {
        userId: input.userId,
        conversationId: conversation.id,
        messageId: assistantMessage.id,
        at: now.toISOString(),
      },
      input.correlationId,
    );
    return { userMessage: null, assistantMessage, conversation, funMode: usage.user.funMode };
  });
}

/** A fun-mode command: switch, store the command and a local acknowledgement; no model call, not counted. */
export function applyFunModeCommand(
  db: ChatDb,
  input: { userId: string; conversation: Conversation; content: string; on: boolean; reply: string },
) {
  return db.$transaction(async (tx): Promise<Exchange> => {
    await tx.chatUser.update({ where: { id: input.userId }, data: { funMode: input.on } });
    const userMessage = await tx.message.create({
      data: { conversationId: input.conversation.id, role: 'user', content: input.content.trim() },
    });
    const assistantMessage = await tx.message.create({
      data: { conversationId: input.conversation.id, role: 'assistant', content: input.reply },
    });
    const conversation = await tx.conversation.update({
      where: { id: input.conversation.id },
      data: { updatedAt: new Date() },
    });
    return { userMessage, assistantMessage, conversation, funMode: input.on };
  });
}
