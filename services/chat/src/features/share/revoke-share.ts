import type { ShareLink } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { toShareLink } from './share.mapper';
import { shareNotFound } from './share-errors';

/** Turns one of the user's links off for good; someone else's link reads as not found. */
export async function revokeShare(ctx: ChatContext, auth: AuthUser, shareId: string): Promise<ShareLink> {
  const user = await sessionUser(ctx, auth);
  const row = await ctx.shares.revoke(user.id, shareId, ctx.now());
  if (!row) throw shareNotFound();
  return toShareLink(row);
}
