import { z } from 'zod';

/** User ids are UUIDs issued by the auth service. */
export const userIdSchema = z.uuid();
export type UserId = z.infer<typeof userIdSchema>;

/**
 * Conversation and message ids are PostgreSQL `integer` serials. Path params arrive as strings, so
 * digit strings are accepted and turned into numbers. Anything else (signs, decimals, exponents, '',
 * values above int4) is refused here: an out-of-range id would otherwise reach the database and fail
 * there as a 500 instead of a clear 4xx.
 */
export const MAX_INT4 = 2_147_483_647;
export const positiveIntIdSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,10}$/, 'Expected a positive whole number')
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(MAX_INT4));
export type PositiveIntId = z.infer<typeof positiveIntIdSchema>;

/** `:id` path params of conversation routes. */
export const conversationIdParamsSchema = z.object({ id: positiveIntIdSchema });
export type ConversationIdParams = z.infer<typeof conversationIdParamsSchema>;

/** `:id` path params of admin user routes. */
export const userIdParamsSchema = z.object({ id: userIdSchema });
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

/** ISO-8601 timestamps on the wire (what `Date.prototype.toJSON` produces; offsets also accepted). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;

/** A plain `{ message }` answer, used where the spec only shows a message. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
