import { DomainError } from '@noek/service-kit';
import { randomUUID } from 'node:crypto';
import { errorCodes, userSignedInEvent, type User as ApiUser } from '@noek/contracts';
import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { dummyVerify, verifyPassword } from '../../crypto/password';
import { hashToken } from '../../crypto/tokens';
import { enforceLimits, tooManyAttempts } from '../../rate-limit/enforce';
import { activeBan, toApiUser } from '../users/user.view';
import { sendFailedSignInsEmail } from '../verification/send-verification';
import type { IssuedSession } from './cookies';
import { issueSession } from './issue-session';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_NOT_VERIFIED = 'Please verify your email address before signing in.';

export function banMessage(ban: { reason: string; bannedUntil: Date | null }): string {
  const reason = ban.reason ? ` Reason: ${ban.reason}` : '';
  return ban.bannedUntil
    ? `Your account is banned until ${ban.bannedUntil.toISOString()}.${reason}`
    : `Your account is banned permanently.${reason}`;
}

export type LoginInput = { email: string; password: string; clientAddress: string; browser?: string };
export type LoginResult = { user: ApiUser; session: IssuedSession };

/**
 * POST /api/auth/login. Limits per address, per address and email, and per account (a growing
 * delay, whatever the address). Unknown email and wrong password get the same answer after the same
 * work (a dummy hash); only after a correct password does the answer tell banned or unverified.
 */
export async function login(ctx: AuthContext, input: LoginInput): Promise<LoginResult> {
  const account = input.email.toLowerCase();
  await enforceLimits([
    [ctx.limiters.loginPerIp, input.clientAddress],
    [ctx.limiters.login, `${input.clientAddress}|${account}`],
  ]);
  const user = await ctx.repos.users.findByEmail(account);
  // The owner's own browser (it signed in here before) is never slowed by strangers' guesses.
  if (!(await isKnownBrowser(ctx, user, input.browser))) {
    const wait = await ctx.loginThrottle.check(account);
    if (!wait.allowed) throw tooManyAttempts(wait.retryAfterSec);
  }
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await dummyVerify(input.password);
  if (!user || !ok) {
    await countFailure(ctx, account, user);
    throw new DomainError(errorCodes.invalidCredentials, 401, INVALID_CREDENTIALS);
  }
  await ctx.loginThrottle.succeeded(account);
  assertMaySignIn(ctx, user);
  // The session and auth.user.signed-in.v1 (the admin overview's active users) commit together.
  const session = await ctx.transaction(async (repos) => {
    const issued = await issueSession(ctx, repos, user, input.browser);
    const at = ctx.now().toISOString();
    await repos.publish({
      id: randomUUID(),
      type: userSignedInEvent.subject,
      time: at,
      correlationId: randomUUID(),
      data: { userId: user.id, at },
    });
    return issued;
  });
  return { user: toApiUser(user, ctx.now()), session };
}

async function isKnownBrowser(ctx: AuthContext, user: User | null, browser: string | undefined) {
  if (!user || !browser) return false;
  return ctx.repos.sessions.isKnownBrowser(user.id, hashToken(browser));
}

/** Unknown emails count too: the 429 must not tell which addresses have accounts. */
async function countFailure(ctx: AuthContext, account: string, user: User | null): Promise<void> {
  const { alert, failures } = await ctx.loginThrottle.failed(account);
  if (alert && user) {
    ctx.logger.warn({ userId: user.id, failures }, 'repeated failed sign-ins: owner mailed');
    ctx.background.run('failed sign-ins mail', () => sendFailedSignInsEmail(ctx, user, failures));
  }
}

function assertMaySignIn(ctx: AuthContext, user: User): void {
  const ban = activeBan(user, ctx.now());
  if (ban) {
    throw new DomainError(errorCodes.banned, 403, banMessage(ban), {
      details: { reason: ban.reason, bannedUntil: ban.bannedUntil?.toISOString() ?? null },
    });
  }
  if (!user.emailVerifiedAt) {
    throw new DomainError(errorCodes.emailNotVerified, 403, EMAIL_NOT_VERIFIED, {
      details: { emailNotVerified: true, email: user.email },
    });
  }
}
