import { z } from 'zod';
import { positiveIntIdSchema } from '../common/ids.schema';
import { accessLevelSchema } from '../entities/access-level.schema';
import { answeringModelSchema } from './models.schema';

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
    /** Tokens the user's replies used in this window, and the plan's budget (null: no cap). */
    tokens: z.number().int().min(0).optional(),
    tokenBudget: z.number().int().nullable().optional(),
  }),
  /** 'offline' when no model is configured: the UI labels replies accordingly. */
  model: z.enum(['openai', 'offline']),
  /** Which model and provider answer by default (null: the offline responder does). */
  answeredBy: answeringModelSchema.nullable().default(null),
  /** Public share links work now (admins' setting, else SHARING_ENABLED): the UI hides Share when not. */
  sharingEnabled: z.boolean().optional(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
