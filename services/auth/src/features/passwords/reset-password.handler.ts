import { DomainError } from '@noek/service-kit';
import type { MessageResponse, ResetPasswordRequest } from '@noek/contracts';
import type { AuthContext } from '../../context';
import type { Request } from 'express';
import { hashPassword } from '../../crypto/password';
import { hashToken } from '../../crypto/tokens';
import { clientKey, enforceLimits } from '../../rate-limit/enforce';
import { userRepository } from '../users/user.repository';
import { emailTokenRepository, type TokenProblem } from '../verification/email-token.repository';

const problems: Record<TokenProblem, string> = {
  invalid: 'Invalid or expired reset token',
  used: 'This reset link has already been used. Please request a new one.',
  expired: 'This reset link has expired. Please request a new one.',
};

/**
 * POST /api/auth/reset-password: sets the new password, ends every session of the user, and counts
 * as proof of the email address (the link arrived there).
 */
export async function resetPassword(
  ctx: AuthContext,
  input: ResetPasswordRequest,
  req: Request,
): Promise<MessageResponse> {
  enforceLimits([[ctx.limiters.resetPerIp, clientKey(req)]]);
  const now = ctx.now();
  // Cheap check first: a wrong token must not cost a password hash (CPU exhaustion).
  const known = await ctx.db.emailToken.findUnique({ where: { tokenHash: hashToken(input.token) } });
  if (!known || known.purpose !== 'reset_password')
    throw new DomainError('INVALID_TOKEN', 400, problems.invalid);
  const passwordHash = await hashPassword(input.newPassword);
  const outcome = await ctx.db.$transaction(async (tx) => {
    const claimed = await emailTokenRepository.consume(tx, {
      token: input.token,
      purpose: 'reset_password',
      now,
    });
    if ('problem' in claimed) return claimed.problem;
    const current = await userRepository.findById(tx, claimed.row.userId);
    if (!current) return 'invalid' as const;
    const user = await userRepository.updateUser(
      tx,
      current.id,
      { passwordHash, mustChangePassword: false, emailVerifiedAt: current.emailVerifiedAt ?? now },
      { revoke: true, now },
    );
    await ctx.events.updated(tx, user, ['password', 'sessionsValidAfter']);
    if (!current.emailVerifiedAt) await ctx.events.verified(tx, user);
    return null;
  });
  if (outcome) throw new DomainError('INVALID_TOKEN', 400, problems[outcome]);
  return { message: 'Password has been reset successfully. You can now sign in with your new password.' };
}
