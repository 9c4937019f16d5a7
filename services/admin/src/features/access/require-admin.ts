import { ForbiddenError, UnauthenticatedError, isDomainError, type AuthUser } from '@noek/service-kit';
import type { AdminContext } from '../../context';
import { isBannedAt, type DirectoryRow } from '../directory/directory.repository';

/** The admin acting in a request. `accessToken` is forwarded to chat, which checks it too. */
export type Actor = { id: string; email: string; accessToken: string };

/**
 * Admin-only, decided here (not only at the gateway) on the freshest facts this service has: the level,
 * block and ban in the read model (fed by auth's events) and the session revocation time, so a demoted,
 * blocked or banned admin is refused at once even with an unexpired token. An actor the read model has
 * not seen yet is fetched from auth.
 */
export async function requireAdmin(ctx: AdminContext, user: AuthUser, accessToken: string): Promise<Actor> {
  let row: DirectoryRow | null = await ctx.directory.findById(user.id);
  if (!row) {
    try {
      row = await ctx.transaction(async ({ directory }) =>
        directory.record(await ctx.auth.get(user.id), ctx.now()),
      );
    } catch (err) {
      // A valid token for a user auth no longer has: treated as signed out.
      if (isDomainError(err) && err.status === 404) throw new UnauthenticatedError();
      throw err;
    }
  }
  if (row.sessionsValidAfter && user.issuedAt.getTime() < row.sessionsValidAfter.getTime())
    throw new UnauthenticatedError('Your session has ended. Please sign in again.');
  if (row.accessLevel !== 'admin' || row.isBlocked || isBannedAt(row, ctx.now())) throw new ForbiddenError();
  return { id: row.id, email: row.email, accessToken };
}
