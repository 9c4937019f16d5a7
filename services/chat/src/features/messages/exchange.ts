import { randomUUID } from 'node:crypto';
import { messageSentEvent, type EventEnvelope, type MessageSentData } from '@noek/contracts';
import type { Conversation, Message } from '../../generated/prisma/client';

/** A stored turn: the user's message (null on retry) and the assistant reply it opens. */
export interface Exchange {
  userMessage: Message | null;
  assistantMessage: Message;
  conversation: Conversation;
  funMode: boolean;
  /** The prompt's messages when the store already read them (send); otherwise they are queried. */
  history?: Message[];
  /** True when the reply is already written (a fun-mode command): no model call. */
  complete?: boolean;
}

/**
 * chat.message.sent.v1 for the outbox: one per counted message (a send, a charged Retry; never a free
 * Retry), so the admin table's usage column equals chat's count.
 */
export function messageSentEnvelope(data: MessageSentData, correlationId: string): EventEnvelope {
  return { id: randomUUID(), type: messageSentEvent.subject, time: data.at, correlationId, data };
}
