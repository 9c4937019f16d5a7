import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { DomainError } from '@noek/service-kit';
import type { HandoffCreateRequest, HandoffCreateResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { requireSignedIn } from '../sessions/current-user';
import { hostnameOf, isHandoffHostAllowed } from './handoff-host';

/**
 * POST /api/auth/handoff: a signed (ES256), single-use token for the signed-in user, valid 30 s,
 * typ 'handoff', aud = the target hostname. Its jti is stored so the exchange can use it once.
 */
export async function createHandoff(
  ctx: AuthContext,
  input: HandoffCreateRequest,
  req: Request,
): Promise<HandoffCreateResponse> {
  const user = await requireSignedIn(ctx, req);
  const audience = hostnameOf(input.targetHost);
  if (!isHandoffHostAllowed(audience, ctx.settings.handoffHosts)) {
    throw new DomainError('HANDOFF_HOST_NOT_ALLOWED', 400, "This site is not one of Noek's sites.");
  }
  const jti = randomUUID();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.settings.handoffTtlSec * 1000);
  await ctx.db.handoffToken.create({ data: { jti, userId: user.id, audience, expiresAt } });
  // Old rows are useless after expiry; trimming here keeps the table small without a timer.
  await ctx.db.handoffToken.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 3_600_000) } } });
  return {
    token: ctx.signer.signHandoff({
      sub: user.id,
      aud: audience,
      jti,
      validAfter: user.sessionsValidAfter,
      now,
    }),
    expiresAt: expiresAt.toISOString(),
  };
}
