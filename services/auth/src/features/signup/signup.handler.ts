import type { Request, Response } from 'express';
import { ConflictError } from '@noek/service-kit';
import type { SignupRequest, SignupResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { hashPassword } from '../../crypto/password';
import { clientKey, enforceLimits } from '../../rate-limit/enforce';
import { userRepository } from '../users/user.repository';
import { emailTokenRepository } from '../verification/email-token.repository';
import { sendVerificationEmail } from '../verification/send-verification';

export const EMAIL_TAKEN = 'An account with this email already exists';

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'P2002';
}

/**
 * POST /api/auth/signup: creates an unverified basic user (never an admin: admins come only from
 * configuration or an admin), records auth.user.registered.v1, and emails the activation link.
 */
export async function signup(
  ctx: AuthContext,
  input: SignupRequest,
  req: Request,
  res: Response,
): Promise<SignupResponse> {
  enforceLimits([[ctx.limiters.signup, clientKey(req)]]);
  if (await userRepository.findByEmail(ctx.db, input.email))
    throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  let created;
  try {
    created = await ctx.db.$transaction(async (tx) => {
      const user = await userRepository.create(tx, { name: input.name, email: input.email, passwordHash });
      const token = await emailTokenRepository.issue(tx, {
        userId: user.id,
        purpose: 'verify_email',
        ttlMs: ctx.settings.verifyTtlMs,
        now,
      });
      await ctx.events.registered(tx, user);
      return { user, token };
    });
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    throw err;
  }
  await sendVerificationEmail(ctx, created.user, created.token);
  res.status(201);
  return {
    message: 'Account created. Please check your email to verify your account.',
    email: created.user.email,
  };
}
