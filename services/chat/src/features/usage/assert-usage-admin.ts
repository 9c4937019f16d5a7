import { ForbiddenError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { levelOf } from '../users/user-level';
import { sessionUser } from '../users/session-user';

/** The usage API is the admin service's: admins only, by the level as chat knows it from auth's events. */
export async function assertUsageAdmin(ctx: ChatContext, auth: AuthUser): Promise<void> {
  // A demoted admin is refused at once, and a revoked session too (sessionUser).
  const user = await sessionUser(ctx, auth);
  if (levelOf(user) !== 'admin') throw new ForbiddenError();
}
