import { createEnvelope, messageSentEvent, type EventEnvelope, type MessageSentData } from '@noek/contracts';
import type { Conversation, Message } from '../../generated/prisma/client';

/** A stored turn: the user's message (null on retry) and the assistant reply it opens. */
export interface Exchange {
  userMessage: Message | null;
  assistantMessage: Message;
  conversation: Conversation;
  funMode: boolean;
  /** The user's custom instructions for the prompt's system message (absent: none). */
  customInstructions?: string | null;
  /** The prompt's messages when the store already read them (send); otherwise they are queried. */
  history?: Message[];
  /** True when the reply is already written (a fun-mode command): no model call. */
  complete?: boolean;
  /** Continue: the reply goes on from this stored text (the model is asked to carry on from it). */
  continueFrom?: string;
}

/**
 * chat.message.sent.v1 for the outbox: one per counted message (a send, a charged Retry; never a free
 * Retry), so the admin table's usage column equals chat's count.
 */
export function messageSentEnvelope(data: MessageSentData, correlationId: string): EventEnvelope {
  return createEnvelope(messageSentEvent, data, correlationId, new Date(data.at));
}
