import { z } from 'zod';
import { isoDateTimeSchema, positiveIntIdSchema } from '../common/ids.schema';

export const messageRoleSchema = z.enum(['user', 'assistant']);
export type MessageRole = z.infer<typeof messageRoleSchema>;

/**
 * `streaming`: the reply is still being generated (a client may re-attach); `interrupted`: stopped by
 * the user or a shutdown with partial content kept; `failed`: the model call failed.
 */
export const messageStatusSchema = z.enum(['complete', 'streaming', 'interrupted', 'failed']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const messageSchema = z.object({
  id: positiveIntIdSchema,
  conversationId: positiveIntIdSchema,
  role: messageRoleSchema,
  content: z.string(),
  createdAt: isoDateTimeSchema,
  status: messageStatusSchema,
  /** The model that wrote a reply (`<provider>/<model>`, chat/models.schema.ts); null: the offline responder. */
  model: z.string().min(1).nullable().optional(),
  /** Tokens a finished reply cost (the provider's count, else Noek's); null: not counted (offline, user). */
  tokens: z
    .object({ prompt: z.number().int().min(0), completion: z.number().int().min(0) })
    .nullable()
    .optional(),
  /** Older messages left out of this reply's prompt to fit the model's context window (a quiet notice). */
  contextTrimmed: z.number().int().min(0).optional(),
});
export type Message = z.infer<typeof messageSchema>;
