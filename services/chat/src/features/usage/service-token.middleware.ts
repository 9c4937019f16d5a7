import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { serviceTokenClaimsSchema, serviceTokenHeader } from '@noek/contracts';
import { UnauthenticatedError } from '@noek/service-kit';

/**
 * Only the admin service may call chat's internal usage API: a short-lived ES256 service token (typ
 * 'service', audience 'chat', signed with auth's key; contracts common/service-token.ts). A user's
 * session — even an admin's — reaching chat's port directly is refused with 401.
 */
export function requireAdminService(publicKey: string): RequestHandler {
  return (req, _res, next) => {
    const token = req.headers[serviceTokenHeader];
    try {
      if (typeof token !== 'string') throw new Error('missing');
      serviceTokenClaimsSchema.parse(
        jwt.verify(token, publicKey, { algorithms: ['ES256'], audience: 'chat' }),
      );
      next();
    } catch {
      next(new UnauthenticatedError());
    }
  };
}
