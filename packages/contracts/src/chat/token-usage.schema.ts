import { z } from 'zod';

/** GET /api/conversations/tokens and the admin's /internal/usage/:userId/tokens: `?days=` back from today (UTC). */
export const tokenUsageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

/** One user's replies of one model on one day (UTC), and the tokens they cost. */
export const tokenUsageRowSchema = z.object({
  day: z.iso.date(),
  /** `<provider>/<model>` (chat/models.schema.ts). */
  model: z.string().min(1),
  replies: z.number().int().min(0),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
});
export type TokenUsageRow = z.infer<typeof tokenUsageRowSchema>;

/** Newest day first. */
export const tokenUsageSchema = z.object({ rows: z.array(tokenUsageRowSchema) });
export type TokenUsageReport = z.infer<typeof tokenUsageSchema>;
