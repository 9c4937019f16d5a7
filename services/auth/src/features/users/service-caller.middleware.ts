import type { Request } from 'express';
import jwt from 'jsonwebtoken';
import { actorHeader, serviceTokenClaimsSchema, serviceTokenHeader, userIdSchema } from '@noek/contracts';
import { UnauthenticatedError, ValidationError } from '@noek/service-kit';
import type { AuthContext } from '../../context';

/** Who is calling an internal route: the admin service, on behalf of one admin. */
export type ServiceCaller = { service: 'admin'; actorId: string | null };

/**
 * Internal routes answer only the admin service: a short-lived ES256 service token (typ 'service',
 * audience 'auth') signed with auth's key. A user's access token, a handoff token or nothing at all is
 * refused with 401, so a client reaching auth's port (or the gateway) cannot call these routes.
 */
export function requireServiceCaller(ctx: AuthContext, req: Request): ServiceCaller {
  const raw = req.headers[serviceTokenHeader];
  if (typeof raw !== 'string' || raw.length === 0) throw new UnauthenticatedError();
  let claims;
  try {
    claims = serviceTokenClaimsSchema.parse(
      jwt.verify(raw, ctx.signer.publicKey, { algorithms: ['ES256'], audience: 'auth' }),
    );
  } catch {
    throw new UnauthenticatedError();
  }
  const actorValue = req.headers[actorHeader];
  if (actorValue === undefined) return { service: claims.sub, actorId: null };
  const actor = userIdSchema.safeParse(actorValue);
  if (!actor.success)
    throw new ValidationError('The acting admin is not a user id.', {
      [actorHeader]: ['Expected a user id'],
    });
  return { service: claims.sub, actorId: actor.data };
}
