import type { Request, Response } from 'express';
import { DomainError } from '@noek/service-kit';
import type { LoginRequest, LoginResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { dummyVerify, verifyPassword } from '../../crypto/password';
import { clientKey, enforceLimits } from '../../rate-limit/enforce';
import { sendErrorBody } from '../../http/send-error';
import { userRepository } from '../users/user.repository';
import { activeBan, toApiUser } from '../users/user.view';
import { issueSession } from './issue-session';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_NOT_VERIFIED = 'Please verify your email address before signing in.';

export function banMessage(ban: { reason: string; bannedUntil: Date | null }): string {
  const reason = ban.reason ? ` Reason: ${ban.reason}` : '';
  return ban.bannedUntil
    ? `Your account is banned until ${ban.bannedUntil.toISOString()}.${reason}`
    : `Your account is banned permanently.${reason}`;
}

/**
 * POST /api/auth/login. Unknown email and wrong password get the same answer after the same work
 * (a dummy hash); only after a correct password does the answer tell banned or unverified.
 */
export async function login(
  ctx: AuthContext,
  input: LoginRequest,
  req: Request,
  res: Response,
): Promise<LoginResponse | undefined> {
  const ip = clientKey(req);
  enforceLimits([
    [ctx.limiters.loginPerIp, ip],
    [ctx.limiters.login, `${ip}|${input.email}`],
  ]);
  const user = await userRepository.findByEmail(ctx.db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await dummyVerify(input.password);
  if (!user || !ok) throw new DomainError('INVALID_CREDENTIALS', 401, INVALID_CREDENTIALS);

  const ban = activeBan(user, ctx.now());
  if (ban) {
    sendErrorBody(req, res, 403, {
      code: 'BANNED',
      message: banMessage(ban),
      reason: ban.reason,
      bannedUntil: ban.bannedUntil?.toISOString() ?? null,
    });
    return undefined;
  }
  if (!user.emailVerifiedAt) {
    sendErrorBody(req, res, 403, {
      code: 'EMAIL_NOT_VERIFIED',
      message: EMAIL_NOT_VERIFIED,
      emailNotVerified: true,
      email: user.email,
    });
    return undefined;
  }
  await issueSession(ctx, res, user);
  return { user: toApiUser(user, ctx.now()) };
}
