import { z } from 'zod';
import { storableText } from '../common/text.schema';
import { isoDateTimeSchema, userIdSchema } from '../common/ids.schema';

/**
 * Chat's usage API for the admin service (ours, not spec §7): the admin table's Usage and Reset Period
 * columns, 'Edit User Usage' and 'Reset'. Served by the chat service under /internal (the gateway never
 * routes it); the admin service calls CHAT_URL with the acting admin's access token.
 */
export const chatUsageRoutes = {
  list: { method: 'GET', path: '/internal/usage' },
  update: { method: 'PATCH', path: '/internal/usage/:userId' },
  reset: { method: 'POST', path: '/internal/usage/:userId/reset' },
  /** The feedback on replies counted per model, for the admins' overview (feedbackCountsSchema). */
  feedback: { method: 'GET', path: '/internal/usage/feedback' },
  /** One user's tokens per model and day (chat/token-usage.schema.ts). */
  tokens: { method: 'GET', path: '/internal/usage/:userId/tokens' },
} as const;

/** GET /internal/usage/feedback: thumbs up and down per model that answered, most rated first. */
export const feedbackCountsSchema = z.array(
  z.object({ model: z.string(), up: z.number().int().min(0), down: z.number().int().min(0) }),
);
export type FeedbackCounts = z.infer<typeof feedbackCountsSchema>;

/** GET /internal/usage?userIds=a,b (at most 100 ids). */
export const usageListQuerySchema = z.object({
  // 100 uuids and their commas, with room for spaces around them.
  userIds: storableText()
    .max(8_000)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(userIdSchema).min(1).max(100)),
});

/** One user's usage as chat enforces it; a closed window reads as count 0 with no window. */
export const userUsageSchema = z.object({
  userId: userIdSchema,
  messageCount: z.number().int().min(0),
  messageLimit: z.number().int().min(0).nullable(),
  resetPeriodHours: z.number().int().min(1).nullable(),
  usageWindowStartedAt: isoDateTimeSchema.nullable(),
  usageResetsAt: isoDateTimeSchema.nullable(),
});
export type UserUsage = z.infer<typeof userUsageSchema>;
export const userUsageListSchema = z.array(userUsageSchema);

export const usageUserParamsSchema = z.object({ userId: userIdSchema });
