import type { Request } from 'express';
import type { ForgotPasswordRequest, MessageResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientKey, enforceLimits } from '../../rate-limit/enforce';
import { userRepository } from '../users/user.repository';
import { emailTokenRepository } from '../verification/email-token.repository';
import { sendResetEmail } from '../verification/send-verification';

/** The same answer whether or not the address has an account. */
export const FORGOT_ANSWER =
  'If an account with that email exists, password reset instructions have been sent.';

/** POST /api/auth/forgot-password: emails a 1-hour single-use reset link (sent in the background). */
export async function forgotPassword(
  ctx: AuthContext,
  input: ForgotPasswordRequest,
  req: Request,
): Promise<MessageResponse> {
  const ip = clientKey(req);
  enforceLimits([
    [ctx.limiters.emailPerIp, ip],
    [ctx.limiters.forgot, `${ip}|${input.email}`],
  ]);
  const user = await userRepository.findByEmail(ctx.db, input.email);
  if (user) {
    const token = await emailTokenRepository.issue(ctx.db, {
      userId: user.id,
      purpose: 'reset_password',
      ttlMs: ctx.settings.resetTtlMs,
      now: ctx.now(),
    });
    void sendResetEmail(ctx, user, token);
  }
  return { message: FORGOT_ANSWER };
}
