import type { Request } from 'express';
import type { MessageResponse, ResendVerificationRequest } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientKey, enforceLimits } from '../../rate-limit/enforce';
import { userRepository } from '../users/user.repository';
import { emailTokenRepository } from './email-token.repository';
import { sendVerificationEmail } from './send-verification';

/** The same answer whether or not the address has an (unverified) account. */
export const RESEND_ANSWER =
  'If an account with that email exists and is not verified yet, a verification email has been sent.';

/**
 * POST /api/resend-verification. The email goes out in the background so the answer takes the
 * same time whether or not a message is sent.
 */
export async function resendVerification(
  ctx: AuthContext,
  input: ResendVerificationRequest,
  req: Request,
): Promise<MessageResponse> {
  const ip = clientKey(req);
  enforceLimits([
    [ctx.limiters.emailPerIp, ip],
    [ctx.limiters.resend, `${ip}|${input.email}`],
  ]);
  const user = await userRepository.findByEmail(ctx.db, input.email);
  if (user && !user.emailVerifiedAt) {
    const token = await emailTokenRepository.issue(ctx.db, {
      userId: user.id,
      purpose: 'verify_email',
      ttlMs: ctx.settings.verifyTtlMs,
      now: ctx.now(),
    });
    void sendVerificationEmail(ctx, user, token);
  }
  return { message: RESEND_ANSWER };
}
