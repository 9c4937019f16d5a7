import { z } from 'zod';
import { positiveIntIdSchema } from '../common/ids.schema';
import { accessLevelSchema } from '../entities/access-level.schema';

/** Chat routes beyond spec §7 (ours): per-message reply stream, stop, retry, and the chat settings. */
export const chatRoutes = {
  /** One conversation (the header's title when it is not in the loaded list pages). */
  conversation: { method: 'GET', path: '/api/conversations/:id' },
  /** Re-attach to a reply: replays what exists, then follows it live until it ends (SSE). */
  messageStream: { method: 'GET', path: '/api/conversations/:id/messages/:messageId/stream' },
  /** Stop generating: aborts the model request and keeps the partial reply. */
  stopMessage: { method: 'POST', path: '/api/conversations/:id/messages/:messageId/stop' },
  /** Generate an interrupted or failed reply again (SSE, like sending). */
  retryMessage: { method: 'POST', path: '/api/conversations/:id/messages/:messageId/retry' },
  /** The user's chat settings and usage (fun mode badge, limit). */
  settings: { method: 'GET', path: '/api/conversations/settings' },
} as const;

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
