import { z } from 'zod';
import { isoDateTimeSchema, positiveIntIdSchema, userIdSchema } from '../common/ids.schema';
import { defineEvent } from './envelope.schema';

/** A user's message was stored (counts toward usage; feeds the admin table's usage column). */
export const messageSentEvent = defineEvent(
  'chat.message.sent.v1',
  z.object({
    userId: userIdSchema,
    conversationId: positiveIntIdSchema,
    messageId: positiveIntIdSchema,
    at: isoDateTimeSchema,
  }),
);
export type MessageSentData = z.infer<typeof messageSentEvent.data>;
