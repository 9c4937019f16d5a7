import type { AuthContext } from '../../context';
import { authEvents } from '../../events/auth-event-envelopes';

/**
 * Ends every session of the user now: refresh tokens revoked, sessionsValidAfter moved (every access
 * token issued before is refused by auth, and through auth.user.updated.v1 by chat, whose open reply
 * streams end), pending reset links retired. With `reuseOf`, the stolen family is also announced
 * as auth.session.revoked.v1.
 */
export async function endAllSessions(
  ctx: AuthContext,
  userId: string,
  now: Date,
  opts: { reuseOf?: string } = {},
): Promise<void> {
  await ctx.transaction(async ({ users, publish }) => {
    const user = await users.update(userId, {}, { revoke: true, now });
    await publish(authEvents.updated(user));
    if (opts.reuseOf) {
      await publish(
        authEvents.sessionRevoked({
          userId,
          sessionId: opts.reuseOf,
          reason: 'refresh-reuse',
          revokedAt: now.toISOString(),
        }),
      );
    }
  });
}
