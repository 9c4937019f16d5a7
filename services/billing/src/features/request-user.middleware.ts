import type { Request } from 'express';
import { UnauthenticatedError } from '@noek/service-kit';

/** The signed-in user's id (requireUser ran before every billing route but the webhook). */
export function requestUserId(req: Request): string {
  if (!req.user) throw new UnauthenticatedError();
  return req.user.id;
}
