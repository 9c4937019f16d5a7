import { z } from 'zod';
import { isoDateTimeSchema, positiveIntIdSchema, userIdSchema } from '../common/ids.schema';

export const DEFAULT_CONVERSATION_TITLE = 'New Chat';
export const TITLE_MAX_LENGTH = 200;

/** A conversation; `archivedAt` non-null means it is in the Archive tab. */
export const conversationSchema = z.object({
  id: positiveIntIdSchema,
  title: z.string(),
  userId: userIdSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  archivedAt: isoDateTimeSchema.nullable(),
  /** Conversation-level flag toggled by ':fun.mode=on' / ':fun.mode=off' (spec §4). */
  funMode: z.boolean(),
  /** The owner's system prompt for this conversation (shown in its header when set; only to them). */
  systemPrompt: z.string().nullable().optional(),
  /** The model picked for this conversation (chat/models.schema.ts); null: the user's default. */
  model: z.string().min(1).nullable().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;
