import { z } from 'zod';
import { positiveIntIdSchema } from '../common/ids.schema';
import { accessLevelSchema } from '../entities/access-level.schema';

export const messageParamsSchema = z.object({ id: positiveIntIdSchema, messageId: positiveIntIdSchema });
export type MessageParams = z.infer<typeof messageParamsSchema>;

/** GET /api/conversations/settings. `limit`/`resetsAt` null: unlimited or no window open. */
export const chatSettingsSchema = z.object({
  funMode: z.boolean(),
  accessLevel: accessLevelSchema,
  usage: z.object({
    count: z.number().int().min(0),
    limit: z.number().int().nullable(),
    periodHours: z.number().int().nullable(),
    resetsAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** 'offline' when no model is configured: the UI labels replies accordingly. */
  model: z.enum(['openai', 'offline']),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
