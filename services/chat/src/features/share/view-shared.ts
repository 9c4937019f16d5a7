import { sharedConversationSchema, type SharedConversation } from '@noek/contracts';
import type { ChatContext } from '../../context';
import { shareExpired, shareNotFound, shareRevoked, sharingTurnedOff } from './share-errors';

/**
 * The snapshot behind a link, for anyone holding it (no session): 404 unknown, 410 revoked or expired,
 * 410 while an admin (or SHARING_ENABLED) has turned sharing off (the link comes back when it is on).
 */
export async function viewShared(ctx: ChatContext, shareId: string): Promise<SharedConversation> {
  if (!ctx.sharing.enabled()) throw sharingTurnedOff();
  const row = await ctx.shares.find(shareId);
  if (!row) throw shareNotFound();
  if (row.revokedAt) throw shareRevoked();
  if (row.expiresAt && row.expiresAt <= ctx.now()) throw shareExpired();
  return sharedConversationSchema.parse({
    title: row.title,
    sharedAt: row.createdAt.toISOString(),
    messages: row.messages,
  });
}
