import { z } from 'zod';
import { isoDateTimeSchema, positiveIntIdSchema, userIdSchema } from '../common/ids.schema';
import { accessLevelSchema } from '../entities/access-level.schema';
import { feedbackRatingSchema } from '../api/conversations.schema';
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
    /**
     * Added later (optional: older payloads lack them): the sender's level and the model asked, so the
     * admin overview counts messages per plan and model without reading chat's tables.
     */
    accessLevel: accessLevelSchema.optional(),
    model: z.string().min(1).max(200).optional(),
  }),
);
export type MessageSentData = z.infer<typeof messageSentEvent.data>;

/** How a reply ended: the whole answer, cut short (Stop, shutdown, storage), or nothing usable. */
export const replyOutcomes = ['completed', 'interrupted', 'failed'] as const;
export const replyOutcomeSchema = z.enum(replyOutcomes);
export type ReplyOutcome = z.infer<typeof replyOutcomeSchema>;

/**
 * An assistant reply ended, written with its final state through the outbox, once per reply: the
 * model that wrote it, the sender's level, how it ended and the tokens it cost (the provider's usage,
 * else counted with a tokenizer; 0 when nothing was generated). Feeds the admin overview's tokens and
 * interrupted/failed replies, and billing and budgets later.
 */
export const replyFinishedEvent = defineEvent(
  'chat.reply.finished.v1',
  z.object({
    userId: userIdSchema,
    conversationId: positiveIntIdSchema,
    messageId: positiveIntIdSchema,
    /** `<provider>/<model>` (chat/models.schema.ts), or 'offline' for the labelled offline responder. */
    model: z.string().min(1).max(200),
    accessLevel: accessLevelSchema,
    outcome: replyOutcomeSchema,
    promptTokens: z.number().int().min(0),
    completionTokens: z.number().int().min(0),
    at: isoDateTimeSchema,
  }),
);
export type ReplyFinishedData = z.infer<typeof replyFinishedEvent.data>;

/**
 * The owner gave, changed or took back (rating null) their thumbs up/down on a reply, written through the
 * outbox with the change. `model` is the model that wrote the reply (`<provider>/<model>`). Consumers keep
 * the last vote per reply and count votes per model (the admin overview's feedback); `at` orders
 * changes of one reply, so a replayed or late event never moves a count twice or backwards.
 */
export const feedbackGivenEvent = defineEvent(
  'chat.message.feedback-given.v1',
  z.object({
    userId: userIdSchema,
    conversationId: positiveIntIdSchema,
    messageId: positiveIntIdSchema,
    model: z.string().min(1).max(200),
    rating: feedbackRatingSchema.nullable(),
    at: isoDateTimeSchema,
  }),
);
export type FeedbackGivenData = z.infer<typeof feedbackGivenEvent.data>;
