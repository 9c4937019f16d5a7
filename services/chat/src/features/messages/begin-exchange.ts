import { randomUUID } from 'node:crypto';
import { DEFAULT_CONVERSATION_TITLE, messageSentEvent, type MessageSentData } from '@noek/contracts';
import { enqueueEvent } from '@noek/service-kit';
import type { ChatDb, ChatTx } from '../../db/chat-db';
import type { ChatUser, Conversation, Message } from '../../generated/prisma/client';
import { titleFromMessage } from '../conversations/title-from-message';
import { decideUsage } from '../usage/usage-window';
import { UsageLimitReached, usageLimitFor } from '../usage/usage-limit';
import { levelOf } from '../users/chat-users.repository';

export interface Exchange {
  userMessage: Message | null;
  assistantMessage: Message;
  conversation: Conversation;
  funMode: boolean;
}

/**
 * Counts one message against the user's window, under a row lock so concurrent sends cannot both
 * take the last slot. Throws UsageLimitReached (nothing written) when the window is full.
 */
async function countMessage(tx: ChatTx, userId: string, now: Date) {
  const [user] = await tx.$queryRaw<ChatUser[]>`SELECT * FROM "chat_users" WHERE "id" = ${userId}::uuid FOR UPDATE`;
  if (!user) throw new Error(`chat user ${userId} missing`);
  const level = levelOf(user);
  const limit = usageLimitFor(level);
  const decision = decideUsage({ count: user.messageCount, windowStartedAt: user.windowStartedAt }, limit, now);
  if (!decision.allowed) throw new UsageLimitReached(decision.limit, limit.periodHours ?? 0, decision.resetsAt, now);
  await tx.chatUser.update({
    where: { id: userId },
    data: { messageCount: decision.next.count, windowStartedAt: decision.next.windowStartedAt },
  });
  return { user, level, count: decision.next.count, windowStartedAt: decision.next.windowStartedAt };
}

/** The event row, in the same transaction as the message it reports (published after commit by the relay). */
async function enqueueMessageSent(tx: ChatTx, data: MessageSentData, correlationId: string) {
  const subject = messageSentEvent.subject;
  await enqueueEvent(tx, { id: randomUUID(), type: subject, time: new Date().toISOString(), correlationId, data });
}

export interface BeginSend {
  userId: string;
  conversation: Conversation;
  content: string;
  correlationId: string;
}

/** Send: count, store the user message, name a new conversation, open the assistant reply. One transaction. */
export function beginSend(db: ChatDb, input: BeginSend): Promise<Exchange> {
  const now = new Date();
  return db.$transaction(async (tx) => {
    const usage = await countMessage(tx, input.userId, now);
    // One INSERT for both rows: ids follow the VALUES order, so the user message comes first.
    const rows = await tx.message.createManyAndReturn({
      data: [
        { conversationId: input.conversation.id, role: 'user', content: input.content, createdAt: now },
        { conversationId: input.conversation.id, role: 'assistant', content: '', status: 'streaming', createdAt: now },
      ],
    });
    const userMessage = rows.find((r) => r.role === 'user');
    const assistantMessage = rows.find((r) => r.role === 'assistant');
    if (!userMessage || !assistantMessage) throw new Error('message insert returned no rows');
    // A conversation still called 'New Chat' is named after its first real message (fun-mode commands
    // leave the default, so the next message names it).
    const title = input.conversation.title === DEFAULT_CONVERSATION_TITLE ? titleFromMessage(input.content) : undefined;
    const conversation = await tx.conversation.update({
      where: { id: input.conversation.id },
      data: { updatedAt: now, ...(title ? { title } : {}) },
    });
    await enqueueMessageSent(
      tx,
      { userId: input.userId, conversationId: conversation.id, messageId: userMessage.id, at: now.toISOString() },
      input.correlationId,
    );
    return { userMessage, assistantMessage, conversation, funMode: usage.user.funMode };
  });
}

/** Retry: counts like a send (a model call), empties the interrupted or failed reply and reopens it. */
export function beginRetry(db: ChatDb, input: { userId: string; conversation: Conversation; messageId: number; correlationId: string }) {
  const now = new Date();
  return db.$transaction(async (tx): Promise<Exchange> => {
    const usage = await countMessage(tx, input.userId, now);
    const assistantMessage = await tx.message.update({
      where: { id: input.messageId },
      data: { content: '', status: 'streaming' },
    });
    const conversation = await tx.conversation.update({ where: { id: input.conversation.id }, data: { updatedAt: now } });
    await enqueueMessageSent(
      tx,
      { userId: input.userId, conversationId: conversation.id, messageId: assistantMessage.id, at: now.toISOString() },
      input.correlationId,
    );
    return { userMessage: null, assistantMessage, conversation, funMode: usage.user.funMode };
  });
}

/** A fun-mode command: switch, store the command and a local acknowledgement; no model call, not counted. */
export function applyFunModeCommand(db: ChatDb, input: { userId: string; conversation: Conversation; content: string; on: boolean; reply: string }) {
  return db.$transaction(async (tx): Promise<Exchange> => {
    await tx.chatUser.update({ where: { id: input.userId }, data: { funMode: input.on } });
    const userMessage = await tx.message.create({
      data: { conversationId: input.conversation.id, role: 'user', content: input.content.trim() },
    });
    const assistantMessage = await tx.message.create({
      data: { conversationId: input.conversation.id, role: 'assistant', content: input.reply },
    });
    const conversation = await tx.conversation.update({ where: { id: input.conversation.id }, data: { updatedAt: new Date() } });
    return { userMessage, assistantMessage, conversation, funMode: input.on };
  });
}
