import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { UnauthenticatedError } from '@noek/service-kit';

/**
 * TEMPORARY stand-in for service-kit's requireUser while it is being built: verifies the
 * `noek_access` ES256 cookie and sets req.user. Same claims and cookie as auth issues.
 */
export function testAuthenticate(publicKey: string): RequestHandler {
  return (req, _res, next) => {
    const cookie = req.headers.cookie ?? '';
    const token = /(?:^|;\s*)noek_access=([^;]+)/.exec(cookie)?.[1];
    if (!token) return next(new UnauthenticatedError());
    try {
      const claims = jwt.verify(token, publicKey, { algorithms: ['ES256'] }) as jwt.JwtPayload;
      req.user = { id: String(claims.sub), accessLevel: String(claims.accessLevel ?? 'basic'), issuedAt: new Date((claims.iat ?? 0) * 1000) };
      next();
    } catch {
      next(new UnauthenticatedError());
    }
  };
}
