import type { Request, Response } from 'express';
import type { VerifyEmailQuery, VerifyEmailResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { sendErrorBody } from '../../http/send-error';
import { userRepository } from '../users/user.repository';
import { emailTokenRepository, type TokenProblem } from './email-token.repository';

const problems: Record<TokenProblem, string> = {
  invalid: 'This verification link is invalid.',
  used: 'This verification link has already been used. If your email is verified, you can sign in.',
  expired: 'This verification link has expired. Please request a new verification email.',
};

/**
 * GET /api/verify-email?token=... (spec §7). A GET that changes state because the spec's link is a
 * plain link in an email; the 256-bit single-use token is what authorises it.
 */
export async function verifyEmail(
  ctx: AuthContext,
  input: VerifyEmailQuery,
  req: Request,
  res: Response,
): Promise<VerifyEmailResponse | undefined> {
  const now = ctx.now();
  const outcome = await ctx.db.$transaction(async (tx) => {
    const claimed = await emailTokenRepository.consume(tx, {
      token: input.token,
      purpose: 'verify_email',
      now,
    });
    if ('problem' in claimed) return claimed;
    const current = await userRepository.findById(tx, claimed.row.userId);
    if (!current) return { problem: 'invalid' as const };
    if (current.emailVerifiedAt) return { user: current };
    const user = await userRepository.updateUser(
      tx,
      current.id,
      { emailVerifiedAt: now },
      { revoke: false, now },
    );
    await ctx.events.verified(tx, user);
    return { user };
  });
  if ('problem' in outcome) {
    sendErrorBody(req, res, 400, {
      code: 'VERIFICATION_FAILED',
      message: problems[outcome.problem],
      verified: false,
      user: null,
    });
    return undefined;
  }
  return {
    verified: true,
    message: 'Email verified successfully',
    user: { name: outcome.user.name, email: outcome.user.email },
  };
}
