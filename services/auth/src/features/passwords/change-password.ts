import { DomainError } from '@noek/service-kit';
import { errorCodes, type ChangePasswordRequest, type MessageResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { hashPassword, verifyPassword } from '../../crypto/password';
import { enforceLimits } from '../../rate-limit/enforce';
import { authEvents } from '../../events/auth-event-envelopes';
import { requireSignedInUser } from '../sessions/current-user';
import type { IssuedSession } from '../sessions/cookies';
import { issueSession } from '../sessions/issue-session';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

export type ChangePasswordInput = ChangePasswordRequest & {
  accessToken: string | undefined;
  browser: string | undefined;
};

/**
 * POST /api/auth/change-password: ends every session of the user (other devices, stolen tokens) and
 * every pending reset link, then starts a new session for this browser so the person stays signed
 * in here.
 */
export async function changePassword(
  ctx: AuthContext,
  input: ChangePasswordInput,
): Promise<{ answer: MessageResponse; session: IssuedSession }> {
  const current = await requireSignedInUser(ctx, input.accessToken);
  await enforceLimits([[ctx.limiters.changePassword, current.id]]);
  if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
    throw new DomainError(errorCodes.invalidPassword, 400, WRONG_CURRENT_PASSWORD);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  const session = await ctx.transaction(async (repos) => {
    const user = await repos.users.update(
      current.id,
      { passwordHash, mustChangePassword: false },
      { revoke: true, now },
    );
    await repos.publish(authEvents.updated(user));
    return issueSession(ctx, repos, user, input.browser);
  });
  return { answer: { message: 'Password changed successfully' }, session };
}
