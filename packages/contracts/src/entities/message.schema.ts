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
});
export type Message = z.infer<typeof messageSchema>;
