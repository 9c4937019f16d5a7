import { DomainError } from '@noek/service-kit';
import { errorCodes, type VerifyEmailQuery, type VerifyEmailResponse } from '@noek/contracts';
import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { authEvents } from '../../events/auth-event-envelopes';
import type { TokenProblem } from './email-token.repository';

const problems: Record<TokenProblem, string> = {
  invalid: 'This verification link is invalid.',
  used: 'This verification link has already been used. If your email is verified, you can sign in.',
  expired: 'This verification link has expired. Please request a new verification email.',
};

/**
 * GET /api/verify-email?token=... (spec §7). A GET that changes state because the spec's link is a
 * plain link in an email; the 256-bit single-use token is what authorises it.
 */
export async function verifyEmail(ctx: AuthContext, input: VerifyEmailQuery): Promise<VerifyEmailResponse> {
  const now = ctx.now();
  type Outcome = { problem: TokenProblem } | { user: User };
  const outcome = await ctx.transaction(async ({ emailTokens, users, publish }): Promise<Outcome> => {
    const claimed = await emailTokens.consume({ token: input.token, purpose: 'verify_email', now });
    if ('problem' in claimed) return { problem: claimed.problem };
    const current = await users.findById(claimed.row.userId);
    if (!current) return { problem: 'invalid' };
    if (current.emailVerifiedAt) return { user: current };
    const user = await users.update(current.id, { emailVerifiedAt: now }, { revoke: false, now });
    await publish(authEvents.verified(user));
    return { user };
  });
  if ('problem' in outcome) {
    throw new DomainError(errorCodes.verificationFailed, 400, problems[outcome.problem], {
      details: { verified: false, user: null },
    });
  }
  return {
    verified: true,
    message: 'Email verified successfully',
    user: { name: outcome.user.name, email: outcome.user.email },
  };
}
