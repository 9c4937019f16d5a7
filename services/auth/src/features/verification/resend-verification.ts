import type { MessageResponse, ResendVerificationRequest } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { enforceLimits } from '../../rate-limit/enforce';
import { sendVerificationEmail } from './send-verification';

/** The same answer whether or not the address has an (unverified) account. */
export const RESEND_ANSWER =
  'If an account with that email exists and is not verified yet, a verification email has been sent.';

export type ResendVerificationInput = ResendVerificationRequest & { clientAddress: string };

/**
 * POST /api/resend-verification. Like forgot-password, everything that depends on the account runs
 * after the answer, so it takes the same time whether or not a message is sent.
 */
export async function resendVerification(
  ctx: AuthContext,
  input: ResendVerificationInput,
): Promise<MessageResponse> {
  const email = input.email.toLowerCase();
  await enforceLimits([
    [ctx.limiters.emailPerIp, input.clientAddress],
    [ctx.limiters.resend, `${input.clientAddress}|${email}`],
  ]);
  ctx.background.run('resend-verification mail', async () => {
    const user = await ctx.repos.users.findByEmail(email);
    if (!user || user.emailVerifiedAt) return;
    const token = await ctx.repos.emailTokens.issue({
      userId: user.id,
      purpose: 'verify_email',
      ttlMs: ctx.settings.verifyTtlMs,
      now: ctx.now(),
    });
    await sendVerificationEmail(ctx, user, token);
  });
  return { message: RESEND_ANSWER };
}
