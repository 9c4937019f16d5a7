import type { ShareLink } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { toShareLink } from './share.mapper';

/** The user's links, newest first, revoked and expired ones included (the account screen shows their state). */
export async function listShares(ctx: ChatContext, auth: AuthUser): Promise<ShareLink[]> {
  const user = await sessionUser(ctx, auth);
  return (await ctx.shares.listByUser(user.id)).map(toShareLink);
}
