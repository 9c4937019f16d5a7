import { z } from 'zod';
import { positiveIntIdSchema } from '../common/ids.schema';
import { conversationSchema } from '../entities/conversation.schema';

/** Conversations one user may pin. */
export const MAX_PINS = 50;

/**
 * GET /api/conversations/pins (ours): the user's pinned conversations, top first, archived ones left out.
 * Pin (POST /api/conversations/:id/pin), unpin (DELETE) and reorder (PATCH /api/conversations/pins)
 * answer the same list as it is after the change.
 */
export const pinnedListResponseSchema = z.array(conversationSchema);
export type PinnedListResponse = z.infer<typeof pinnedListResponseSchema>;

/** PATCH /api/conversations/pins: every pinned conversation's id once, in the new order. */
export const reorderPinsRequestSchema = z.object({
  conversationIds: z
    .array(positiveIntIdSchema)
    .max(MAX_PINS)
    .refine((ids) => new Set(ids).size === ids.length, 'Each conversation may appear once'),
});
export type ReorderPinsRequest = z.infer<typeof reorderPinsRequestSchema>;
