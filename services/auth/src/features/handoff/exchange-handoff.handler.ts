import type { Request, Response } from 'express';
import { DomainError, ForbiddenError } from '@noek/service-kit';
import type { HandoffExchangeRequest, HandoffExchangeResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { isIssuedAfter } from '../../crypto/jwt';
import { userRepository } from '../users/user.repository';
import { activeBan, toApiUser } from '../users/user.view';
import { issueSession } from '../sessions/issue-session';
import { originHostname } from './handoff-host';

const REFUSED = 'This sign-in link is invalid or has expired. Please sign in.';

/**
 * POST /api/auth/handoff/exchange: turns a handoff token into a session on this host. Refused
 * unless the request comes from this host's own pages (Origin present and equal to the host: a
 * foreign page cannot sign a victim into the attacker's account), the token verifies as a
 * handoff token for this host, is under 30 s old, and was never used.
 */
export async function exchangeHandoff(
  ctx: AuthContext,
  input: HandoffExchangeRequest,
  req: Request,
  res: Response,
): Promise<HandoffExchangeResponse> {
  const host = req.hostname.toLowerCase();
  if (originHostname(req.headers.origin) !== host) {
    throw new ForbiddenError("Sign-in links can only be used from Noek's own pages.", 'FOREIGN_ORIGIN');
  }
  const claims = ctx.signer.verifyHandoff(input.token, host);
  if (!claims) throw new DomainError('INVALID_HANDOFF', 401, REFUSED);
  const now = ctx.now();
  const used = await ctx.db.handoffToken.updateMany({
    where: { jti: claims.jti, userId: claims.sub, audience: host, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (used.count !== 1) throw new DomainError('INVALID_HANDOFF', 401, REFUSED);
  const user = await userRepository.findById(ctx.db, claims.sub);
  if (!user || !isIssuedAfter(claims.iat, user.sessionsValidAfter) || activeBan(user, now)) {
    throw new DomainError('INVALID_HANDOFF', 401, REFUSED);
  }
  await issueSession(ctx, res, user);
  return { user: toApiUser(user, now) };
}
