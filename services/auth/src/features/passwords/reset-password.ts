import { DomainError } from '@noek/service-kit';
import { errorCodes, type MessageResponse, type ResetPasswordRequest } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { hashPassword } from '../../crypto/password';
import { enforceLimits } from '../../rate-limit/enforce';
import { authEvents } from '../../events/auth-event-envelopes';
import type { TokenProblem } from '../verification/email-token.repository';

const problems: Record<TokenProblem, string> = {
  invalid: 'Invalid or expired reset token',
  used: 'This reset link has already been used. Please request a new one.',
  expired: 'This reset link has expired. Please request a new one.',
};

export type ResetPasswordInput = ResetPasswordRequest & { clientAddress: string };

/**
 * POST /api/auth/reset-password: sets the new password, ends every session of the user (and every
 * other pending reset link), and counts as proof of the email address (the link arrived there).
 */
export async function resetPassword(ctx: AuthContext, input: ResetPasswordInput): Promise<MessageResponse> {
  await enforceLimits([[ctx.limiters.resetPerIp, input.clientAddress]]);
  const now = ctx.now();
  // Cheap check first: a wrong token must not cost a password hash (CPU exhaustion).
  const known = await ctx.repos.emailTokens.findByToken(input.token);
  if (!known || known.purpose !== 'reset_password') {
    throw new DomainError(errorCodes.invalidToken, 400, problems.invalid);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const outcome = await ctx.transaction(async ({ emailTokens, users, publish }) => {
    const claimed = await emailTokens.consume({ token: input.token, purpose: 'reset_password', now });
    if ('problem' in claimed) return claimed.problem;
    const current = await users.findById(claimed.row.userId);
    if (!current) return 'invalid' as const;
    const user = await users.update(
      current.id,
      { passwordHash, mustChangePassword: false, emailVerifiedAt: current.emailVerifiedAt ?? now },
      { revoke: true, now },
    );
    await publish(authEvents.updated(user));
    if (!current.emailVerifiedAt) await publish(authEvents.verified(user));
    return null;
  });
  if (outcome) throw new DomainError(errorCodes.invalidToken, 400, problems[outcome]);
  return { message: 'Password has been reset successfully. You can now sign in with your new password.' };
}
