import { randomUUID } from 'node:crypto';
import { DomainError } from '@noek/service-kit';
import { errorCodes, type HandoffAction, type HandoffCreateResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { hashToken, newOpaqueToken } from '../../crypto/tokens';
import { requireSignedInUser } from '../sessions/current-user';
import { hostnameOf, isHandoffHostAllowed } from './handoff-host';

export type CreateHandoffInput = {
  accessToken: string | undefined;
  targetHost: string;
  action: HandoffAction;
  /** scheme://host:port of the page asking (this host): where the confirm step will come back. */
  pageOrigin: string;
  /** This browser's handoff cookie on this host, if it has one already. */
  originCookie: string | undefined;
};
export type CreateHandoffResult = HandoffCreateResponse & { originCookie?: string };

/**
 * POST /api/auth/handoff: a signed (ES256), single-use token for the signed-in user, valid 30 s,
 * typ 'handoff', aud = the target hostname, act = login or logout. Its row remembers this browser
 * (a hash of an HttpOnly cookie on this host, set now if missing): a login token is only exchanged
 * after the target browser proves, by a round trip here, that it is this same browser.
 */
export async function createHandoff(
  ctx: AuthContext,
  input: CreateHandoffInput,
): Promise<CreateHandoffResult> {
  const user = await requireSignedInUser(ctx, input.accessToken);
  const audience = hostnameOf(input.targetHost);
  if (!isHandoffHostAllowed(audience, ctx.settings.handoffHosts)) {
    throw new DomainError(errorCodes.handoffHostNotAllowed, 400, "This site is not one of Noek's sites.");
  }
  const cookie = input.originCookie ?? newOpaqueToken();
  const jti = randomUUID();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.settings.handoffTtlSec * 1000);
  const scheme = new URL(input.pageOrigin).protocol;
  await ctx.repos.handoffs.create({
    jti,
    userId: user.id,
    audience,
    action: input.action,
    origin: input.pageOrigin,
    target: `${scheme}//${input.targetHost}`,
    originBrowserHash: hashToken(cookie),
    expiresAt,
    now,
  });
  const token = ctx.signer.signHandoff({
    sub: user.id,
    aud: audience,
    jti,
    act: input.action,
    validAfter: user.sessionsValidAfter,
    now,
  });
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    originCookie: input.originCookie ? undefined : cookie,
  };
}
