import type { ForgotPasswordRequest, MessageResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { enforceLimits } from '../../rate-limit/enforce';
import { sendResetEmail } from '../verification/send-verification';

/** The same answer whether or not the address has an account. */
export const FORGOT_ANSWER =
  'If an account with that email exists, password reset instructions have been sent.';

export type ForgotPasswordInput = ForgotPasswordRequest & { clientAddress: string };

/**
 * POST /api/auth/forgot-password: emails a 1-hour single-use reset link. Only the address limits
 * run before the answer; the lookup, the token and the mail run after it (ctx.background), so the
 * answer takes the same time whether or not the account exists.
 */
export async function forgotPassword(ctx: AuthContext, input: ForgotPasswordInput): Promise<MessageResponse> {
  const email = input.email.toLowerCase();
  await enforceLimits([
    [ctx.limiters.emailPerIp, input.clientAddress],
    [ctx.limiters.forgot, `${input.clientAddress}|${email}`],
  ]);
  ctx.background.run('forgot-password mail', async () => {
    const user = await ctx.repos.users.findByEmail(email);
    if (!user) return;
    const token = await ctx.repos.emailTokens.issue({
      userId: user.id,
      purpose: 'reset_password',
      ttlMs: ctx.settings.resetTtlMs,
      now: ctx.now(),
    });
    await sendResetEmail(ctx, user, token);
  });
  return { message: FORGOT_ANSWER };
}
