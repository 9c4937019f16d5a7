import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { hashToken, newOpaqueToken } from '../../crypto/tokens';
import type { AuthRepositories } from '../../database';
import type { IssuedSession } from './cookies';

/**
 * Starts a new session (refresh-token family) for the user in this browser: fresh access and
 * refresh tokens (new values at every sign-in, so no fixation). The family remembers the browser
 * cookie (a new one when the browser has none), and access tokens carry the family as `sid`.
 */
export async function issueSession(
  ctx: AuthContext,
  repos: Pick<AuthRepositories, 'sessions'>,
  user: User,
  browser: string | undefined,
): Promise<IssuedSession> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.settings.refreshTtlMs);
  const browserValue = browser ?? newOpaqueToken();
  await repos.sessions.prune(user.id, now);
  const { session, token } = await repos.sessions.create({
    userId: user.id,
    expiresAt,
    browserHash: hashToken(browserValue),
  });
  return {
    access: signAccessFor(ctx, user, session.familyId, now),
    refresh: { token, expiresAt },
    browser: browser ? undefined : browserValue,
  };
}

export function signAccessFor(ctx: AuthContext, user: User, sessionId: string, now: Date): string {
  return ctx.signer.signAccess({
    sub: user.id,
    lvl: user.accessLevel,
    sid: sessionId,
    validAfter: user.sessionsValidAfter,
    now,
  });
}
