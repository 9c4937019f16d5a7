import type { Request, RequestHandler } from 'express';
import { accessTokenFromHeaders, UnauthenticatedError } from '@noek/service-kit';
import type { AdminContext } from '../../context';
import { requireAdmin, type Actor } from './require-admin';

const ACTOR = 'adminActor';

/** After authenticate: the caller must be an admin now, before the request is even parsed (403 first). */
export function adminOnly(ctx: AdminContext): RequestHandler {
  return (req, res, next) => {
    const token = accessTokenFromHeaders(req.headers);
    if (!req.user || !token) return next(new UnauthenticatedError());
    requireAdmin(ctx, req.user, token).then((actor) => {
      res.locals[ACTOR] = actor;
      next();
    }, next);
  };
}

export function actorOf(req: Request): Actor {
  const actor = req.res?.locals[ACTOR] as Actor | undefined;
  if (!actor) throw new UnauthenticatedError();
  return actor;
}
export const requestIdOf = (req: Request): string | null => (typeof req.id === 'string' ? req.id : null);
