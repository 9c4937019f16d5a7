import { z } from 'zod';
import { isoDateTimeSchema, positiveIntIdSchema } from '../common/ids.schema';
import { messageRoleSchema } from '../entities/message.schema';

/** Share ids: 128 random bits, base64url (22 characters): unguessable, and safe in a URL path. */
export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a share link id');
export const shareIdParamsSchema = z.object({ shareId: shareIdSchema });

/** The public page of a shared conversation (ours): `/share/:shareId` on the chat site. */
export const SHARE_PAGE_PREFIX = '/share/';
export const sharePagePath = (shareId: string) => `${SHARE_PAGE_PREFIX}${shareId}`;

/** POST /api/conversations/:id/shares: `expiresInDays` null or absent for a link that never expires. */
export const createShareRequestSchema = z.object({
  expiresInDays: z.number().int().min(1).max(365).nullable().optional(),
});
export type CreateShareRequest = z.infer<typeof createShareRequestSchema>;

/** One of the owner's links (the account screen lists them; revoked ones stay listed as revoked). */
export const shareLinkSchema = z.object({
  id: shareIdSchema,
  conversationId: positiveIntIdSchema,
  title: z.string(),
  messageCount: z.number().int().min(0),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema.nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
/** GET /api/conversations/shares, newest first. */
export const shareLinkListResponseSchema = z.array(shareLinkSchema);

/**
 * GET /api/shared/:shareId, without a session: the snapshot only. No user id, email, name, conversation
 * id or message ids: nothing that identifies the owner or their data beyond what they chose to share.
 */
export const sharedConversationSchema = z.object({
  title: z.string(),
  sharedAt: isoDateTimeSchema,
  messages: z.array(z.object({ role: messageRoleSchema, content: z.string(), createdAt: isoDateTimeSchema })),
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;
