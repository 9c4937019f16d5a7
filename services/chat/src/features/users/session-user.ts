import { accessLevelSchema } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatUser } from '../../generated/prisma/client';
import type { ChatContext } from '../../context';
import { assertSessionNotRevoked, assertSessionValid } from './user-access';

/** The session's user in chat's own records (created on first sight), with revocation applied (every session, or this one). */
export async function sessionUser(
  ctx: Pick<ChatContext, 'users' | 'revokedSessions' | 'now'>,
  auth: AuthUser,
): Promise<ChatUser> {
  assertSessionNotRevoked(ctx.revokedSessions, auth, ctx.now());
  const level = accessLevelSchema.catch('basic').parse(auth.accessLevel);
  const user = await ctx.users.ensure(auth.id, level);
  assertSessionValid(user, auth.issuedAt);
  return user;
}
