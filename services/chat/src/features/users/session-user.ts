import { accessLevelSchema } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatUser } from '../../generated/prisma/client';
import type { ChatContext } from '../../context';
import { assertMaySend, assertSessionValid } from './user-access';

/**
 * The session's user in chat's own records (created on first sight). A session ended on its own was
 * refused before (the session guard's revocation list); the user's horizon is checked here.
 */
export async function sessionUser(ctx: Pick<ChatContext, 'users'>, auth: AuthUser): Promise<ChatUser> {
  const level = accessLevelSchema.catch('basic').parse(auth.accessLevel);
  const user = await ctx.users.ensure(auth.id, level);
  assertSessionValid(user, auth.issuedAt);
  return user;
}

/** The session's user read again, as a send checks it (blocked, banned, revoked: refused). */
export async function sendingUser(ctx: Pick<ChatContext, 'users'>, auth: AuthUser): Promise<ChatUser> {
  const user = await sessionUser(ctx, auth);
  assertMaySend(user);
  return user;
}
