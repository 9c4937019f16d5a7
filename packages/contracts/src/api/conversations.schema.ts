import { z } from 'zod';
import { storableText } from '../common/text.schema';
import { errorCodes } from '../common/error.schema';
import { positiveIntIdSchema, userIdSchema } from '../common/ids.schema';
import { MESSAGE_MAX_LENGTH } from '../constants';
import {
  conversationSchema,
  DEFAULT_CONVERSATION_TITLE,
  TITLE_MAX_LENGTH,
} from '../entities/conversation.schema';
import { messageSchema } from '../entities/message.schema';
import { namedPlanSchema } from '../chat/models.schema';

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

/** Thumbs up or down on a reply (private to its owner and the admins). */
export const feedbackRatingSchema = z.enum(['up', 'down']);
export type FeedbackRating = z.infer<typeof feedbackRatingSchema>;
export const FEEDBACK_COMMENT_MAX_LENGTH = 2_000;
export const messageFeedbackSchema = z.object({
  rating: feedbackRatingSchema,
  comment: z.string().nullable(),
});
export type MessageFeedback = z.infer<typeof messageFeedbackSchema>;

/**
 * A message of the path shown, with its place in the tree: the message it follows (`parentId`, null
 * for a first message) and which of its siblings it is (`branch.index`, 0-based, of `branch.count`;
 * count 1 means no branching here). Siblings are ordered oldest first.
 */
export const pathMessageSchema = messageSchema.extend({
  parentId: positiveIntIdSchema.nullable(),
  branch: z.object({ index: z.number().int().min(0), count: z.number().int().min(1) }),
  /** The owner's feedback on a reply (null: none given, and always null on the user's messages). */
  feedback: messageFeedbackSchema.nullable(),
});
export type PathMessage = z.infer<typeof pathMessageSchema>;

/** The largest page of a path; without `limit` the whole path is answered. */
export const PATH_PAGE_MAX = 500;

/**
 * GET /api/conversations/:id/messages query: the conversation's current path (the one the user looked
 * at last, on any device), oldest first. Paged from its end: `limit` messages ending at the newest, or
 * ending just before `before` (a message of the path) for the page above it.
 */
export const messageListQuerySchema = z.object({
  before: positiveIntIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PATH_PAGE_MAX).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** GET /api/conversations/:id/messages (and a branch switch): the path's messages, oldest first. */
export const messageListResponseSchema = z.array(pathMessageSchema);
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

/**
 * POST /api/conversations/:id/messages/:messageId/branch: show the `index`th (0-based, oldest first)
 * sibling of the message instead, with that branch's whole tail (down its newest replies). An index
 * past the last sibling is a 400. Answers the new path (messageListResponseSchema).
 */
export const switchBranchRequestSchema = z.object({ index: z.number().int().min(0).max(10_000) });
export type SwitchBranchRequest = z.infer<typeof switchBranchRequestSchema>;

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

/**
 * POST /api/conversations/:id/messages/:messageId/edit (one of the user's own messages): a sibling
 * user message with the new text and a new reply under it; the old branch stays. Answers like a send
 * (the reply stream, or sendMessageResponseSchema as JSON).
 */
export const editMessageRequestSchema = sendMessageRequestSchema;
export type EditMessageRequest = z.infer<typeof editMessageRequestSchema>;
export const editMessageResponseSchema = sendMessageResponseSchema;

/**
 * POST /api/conversations/:id/messages/:messageId/regenerate (an assistant reply): a new sibling reply
 * to the same user message. `model` names the model to answer with (for model pickers; today's
 * provider answers when it is absent). Answers the reply stream, or as JSON the reply (no new user
 * message: `userMessage` is null).
 */
export const regenerateMessageRequestSchema = z.object({
  model: z.string().trim().min(1).max(200).optional(),
});
export type RegenerateMessageRequest = z.infer<typeof regenerateMessageRequestSchema>;
export const regenerateMessageResponseSchema = sendMessageResponseSchema.extend({
  userMessage: messageSchema.nullable(),
});
export type RegenerateMessageResponse = z.infer<typeof regenerateMessageResponseSchema>;

/**
 * POST /api/conversations/:id/messages/:messageId/feedback (a finished reply of the user's own): thumbs
 * up or down with an optional comment, changed by sending again; `rating: null` takes it back.
 * Answers the feedback now stored (null once taken back).
 */
export const setFeedbackRequestSchema = z.object({
  rating: feedbackRatingSchema.nullable(),
  comment: storableText().trim().max(FEEDBACK_COMMENT_MAX_LENGTH).optional(),
});
export type SetFeedbackRequest = z.infer<typeof setFeedbackRequestSchema>;
export const setFeedbackResponseSchema = messageFeedbackSchema.nullable();

/** Custom instructions and a conversation's system prompt: at most this many characters (decisions.md). */
export const INSTRUCTIONS_MAX_LENGTH = 4_000;
const instructionsText = storableText()
  .trim()
  .max(INSTRUCTIONS_MAX_LENGTH, `At most ${INSTRUCTIONS_MAX_LENGTH} characters`)
  .nullable()
  // An empty text clears them.
  .transform((v) => (v ? v : null));

/**
 * GET and PATCH /api/conversations/instructions: the user's custom instructions, sent to the model in
 * every conversation's system message; never shown to anyone else. PATCH answers what is stored.
 */
export const customInstructionsSchema = z.object({ customInstructions: instructionsText });
export type CustomInstructions = z.output<typeof customInstructionsSchema>;
export const customInstructionsResponseSchema = z.object({ customInstructions: z.string().nullable() });

/**
 * PATCH /api/conversations/:id/system-prompt: this conversation's system prompt (null or '' clears
 * it), sent after the custom instructions. Answers the conversation.
 */
export const systemPromptRequestSchema = z.object({ systemPrompt: instructionsText });
export type SystemPromptRequest = z.output<typeof systemPromptRequestSchema>;
export const systemPromptResponseSchema = conversationSchema;

/**
 * POST /api/conversations/:id/messages/:messageId/continue: a stopped reply (the end of its branch)
 * goes on from its stored text, streamed like a Retry (counted like one: free when the cut was ours).
 * No body; answers the reply stream, or as JSON the finished reply.
 */
export const continueMessageRequestSchema = z.object({}).optional();
export const continueMessageResponseSchema = regenerateMessageResponseSchema;

/**
 * POST /api/conversations/:id/messages/:messageId/fork ('Continue in a new chat'): a new conversation
 * holding a copy of the path from the first message down to this one (not counted: no model call).
 * Answers 201 with the new conversation.
 */
export const forkConversationRequestSchema = z.object({}).optional();
export const forkConversationResponseSchema = conversationSchema;

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

/** 403 body when the user's plan does not include the model: the plan that does (null: none). */
export const modelNotOnPlanErrorSchema = z.object({
  code: z.literal(errorCodes.modelNotOnPlan),
  message: z.string(),
  model: z.string(),
  availableOn: namedPlanSchema.nullable(),
  requestId: z.string().optional(),
});
export type ModelNotOnPlanError = z.infer<typeof modelNotOnPlanErrorSchema>;

/** 429 body when the window's tokens are spent: the budget and when the window resets (null: never). */
export const tokenBudgetErrorSchema = z.object({
  code: z.literal(errorCodes.tokenBudgetSpent),
  message: z.string(),
  budget: z.number().int(),
  resetsAt: z.iso.datetime({ offset: true }).nullable(),
  requestId: z.string().optional(),
});
export type TokenBudgetError = z.infer<typeof tokenBudgetErrorSchema>;
