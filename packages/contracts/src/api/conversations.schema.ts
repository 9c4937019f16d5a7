import { z } from 'zod';
import { storableText } from '../common/text.schema';
import { errorCodes } from '../common/error.schema';
import { userIdSchema } from '../common/ids.schema';
import { MESSAGE_MAX_LENGTH } from '../constants';
import {
  conversationSchema,
  DEFAULT_CONVERSATION_TITLE,
  TITLE_MAX_LENGTH,
} from '../entities/conversation.schema';
import { messageSchema } from '../entities/message.schema';

/** GET /api/conversations and GET /api/conversations/archived. */
export const conversationListResponseSchema = z.array(conversationSchema);
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

const titleSchema = storableText().trim().min(1, 'Title must not be empty').max(TITLE_MAX_LENGTH);

/**
 * POST /api/conversations; answers 201 with the conversation. The chat screen sends `userId` (spec §7),
 * but the owner is always the session's user: a different id is refused (403), never honoured.
 */
export const createConversationRequestSchema = z.object({
  title: titleSchema.default(DEFAULT_CONVERSATION_TITLE),
  userId: userIdSchema.optional(),
});
export type CreateConversationRequest = z.input<typeof createConversationRequestSchema>;
export type CreateConversationInput = z.output<typeof createConversationRequestSchema>;
export const conversationResponseSchema = conversationSchema;

/** PATCH /api/conversations/:id (spec §4: the trimmed non-empty title); answers the conversation. */
export const updateConversationRequestSchema = z.object({ title: titleSchema });
export type UpdateConversationRequest = z.infer<typeof updateConversationRequestSchema>;

/** POST /api/conversations/archive-all answers how many were archived. */
export const archiveAllResponseSchema = z.object({ archived: z.number().int().min(0) });
export type ArchiveAllResponse = z.infer<typeof archiveAllResponseSchema>;

/** GET /api/conversations/:id/messages, oldest first. */
export const messageListResponseSchema = z.array(messageSchema);
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

/**
 * POST /api/conversations/:id/messages. With `Accept: text/event-stream` the answer is the reply
 * stream (chat/stream.schema.ts); otherwise JSON `sendMessageResponseSchema` once the reply is stored.
 */
export const sendMessageRequestSchema = z.object({
  content: storableText().trim().min(1, 'Message must not be empty').max(MESSAGE_MAX_LENGTH),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;
export const sendMessageResponseSchema = z.object({
  userMessage: messageSchema,
  assistantMessage: messageSchema,
  conversation: conversationSchema,
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** 429 body when a user reaches the level's limit (decisions.md): the limit and when it resets. */
export const usageLimitErrorSchema = z.object({
  code: z.literal(errorCodes.usageLimitReached),
  message: z.string(),
  limit: z.number().int(),
  periodHours: z.number().int(),
  resetsAt: z.iso.datetime({ offset: true }),
  requestId: z.string().optional(),
});
export type UsageLimitError = z.infer<typeof usageLimitErrorSchema>;
