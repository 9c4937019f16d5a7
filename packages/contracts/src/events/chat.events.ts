import { z } from 'zod';
import { isoDateTimeSchema, positiveIntIdSchema, userIdSchema } from '../common/ids.schema';
import { defineEvent } from './envelope.schema';

/**
 * A message counted toward the user's usage: a send, or a charged Retry (a free Retry, of a reply cut
 * by our side, publishes nothing). Feeds the admin table's usage column.
 */
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
