import type { Request, Response } from 'express';
import { DomainError } from '@noek/service-kit';
import type { ChangePasswordRequest, MessageResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { hashPassword, verifyPassword } from '../../crypto/password';
import { enforceLimits } from '../../rate-limit/enforce';
import { userRepository } from '../users/user.repository';
import { requireSignedIn } from '../sessions/current-user';
import { issueSession } from '../sessions/issue-session';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * POST /api/auth/change-password: ends every session of the user (other devices, stolen tokens),
 * then starts a new one for this browser so the person stays signed in here.
 */
export async function changePassword(
  ctx: AuthContext,
  input: ChangePasswordRequest,
  req: Request,
  res: Response,
): Promise<MessageResponse> {
  const current = await requireSignedIn(ctx, req);
  enforceLimits([[ctx.limiters.changePassword, current.id]]);
  if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
    throw new DomainError('INVALID_PASSWORD', 400, WRONG_CURRENT_PASSWORD);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  const user = await ctx.db.$transaction(async (tx) => {
    const updated = await userRepository.updateUser(
      tx,
      current.id,
      { passwordHash, mustChangePassword: false },
      { revoke: true, now },
    );
    await ctx.events.updated(tx, updated, ['password', 'sessionsValidAfter']);
    return updated;
  });
  await issueSession(ctx, res, user);
  return { message: 'Password changed successfully' };
}
