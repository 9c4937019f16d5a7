import { z } from 'zod';
import { isoDateTimeSchema, positiveIntIdSchema } from '../common/ids.schema';
import { messageRoleSchema, messageStatusSchema } from '../entities/message.schema';

/** GET /api/conversations/:id/export?format=json|markdown (ours): a download of one conversation. */
export const exportFormatQuerySchema = z.object({ format: z.enum(['json', 'markdown']).default('json') });
export type ExportFormat = z.output<typeof exportFormatQuerySchema>['format'];

export const NOEK_CONVERSATION_FORMAT = 'noek.conversation';
export const NOEK_ACCOUNT_FORMAT = 'noek.account';

/**
 * One message of an export. `parentId` is the message it answers or follows (null for the first): today
 * the previous message, so an importer can rebuild the conversation's tree from it when messages branch.
 */
export const exportedMessageSchema = z.object({
  id: positiveIntIdSchema,
  parentId: positiveIntIdSchema.nullable(),
  role: messageRoleSchema,
  content: z.string(),
  status: messageStatusSchema,
  createdAt: isoDateTimeSchema,
});
export type ExportedMessage = z.infer<typeof exportedMessageSchema>;

/** Noek's conversation export (JSON): what import reads back. */
export const exportedConversationSchema = z.object({
  format: z.literal(NOEK_CONVERSATION_FORMAT),
  version: z.literal(1),
  id: positiveIntIdSchema,
  title: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  archivedAt: isoDateTimeSchema.nullable(),
  messages: z.array(exportedMessageSchema),
});
export type ExportedConversation = z.infer<typeof exportedConversationSchema>;

/** The Markdown form of the same download (text/markdown). */
export const conversationMarkdownSchema = z.string();

/**
 * GET /api/conversations/export (ours): the whole account as a zip, streamed. `account.json` (this schema)
 * first, then `conversations/<id>.json` per conversation (exportedConversationSchema). The answer's
 * EXPORT_COUNT_HEADER says how many conversations follow, for a progress indication.
 */
export const exportedAccountSchema = z.object({
  format: z.literal(NOEK_ACCOUNT_FORMAT),
  version: z.literal(1),
  exportedAt: isoDateTimeSchema,
  settings: z.object({ funMode: z.boolean() }),
  conversationCount: z.number().int().min(0),
});
export type ExportedAccount = z.infer<typeof exportedAccountSchema>;
export const EXPORT_COUNT_HEADER = 'x-noek-export-conversations';
