import { createHash } from 'node:crypto';
import type { Express, Request } from 'express';
import { ConflictError, contractRoute, NotFoundError, ValidationError } from '@noek/service-kit';
import {
  actorHeader,
  errorCodes,
  idempotencyKeyHeader,
  idempotencyKeySchema,
  internalRoutes,
  type AuthUserRecord,
} from '@noek/contracts';
import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import {
  adminBan,
  adminResetPassword,
  adminSetBlocked,
  adminUnban,
  adminUpdateUser,
} from './user-admin.operations';
import type { Once } from './admin-request.repository';
import { expireDue, grantSupernoek } from './grant-supernoek';
import { requireServiceCaller, type ServiceCaller } from './service-caller.middleware';
import { toAuthUserRecord } from './user.view';

export const INTERNAL_USERS_PATH = internalRoutes.authUsers.list.path;

/** Admins cannot lock themselves out (ban, block or demote their own account). */
function notSelf(caller: ServiceCaller, id: string): void {
  if (caller.actorId === null)
    throw new ValidationError('The acting admin is missing.', { [actorHeader]: ['Expected a user id'] });
  if (caller.actorId === id)
    throw new ConflictError('You cannot do this to your own account.', errorCodes.selfAction);
}

/**
 * Internal routes for the admin service (not under /api, so the gateway never exposes them), callable
 * only with the admin service's service token (service-caller.ts). The admin service checks that the
 * caller is an admin, and records the audit log; auth still refuses self-actions and losing the last admin.
 */
export function adminUserRoutes(ctx: AuthContext) {
  const one = (user: User): { user: AuthUserRecord } => ({ user: toAuthUserRecord(user, ctx.now()) });
  const r = internalRoutes.authUsers;
  return (app: Express): void => {
    app.use(['/internal/auth'], (req, _res, next) => {
      try {
        rememberCaller(req, requireServiceCaller(ctx, req));
        next();
      } catch (err) {
        next(err);
      }
    });
    contractRoute(app, r.list, async (i) => {
      const users = await ctx.repos.users.list(i.query.after, i.query.limit);
      return users.map((u) => toAuthUserRecord(u, ctx.now()));
    });
    contractRoute(app, r.get, async (i) => {
      const user = await ctx.repos.users.findById(i.params.id);
      if (!user) throw new NotFoundError('User not found.');
      return one(user);
    });
    contractRoute(app, r.update, async (i, req) => {
      if (i.body.accessLevel !== 'admin') notSelf(callerOf(req), i.params.id);
      return one(await adminUpdateUser(ctx, i.params.id, i.body, onceOf(req, 'update', i)));
    });
    contractRoute(app, r.resetPassword, (i, req) =>
      adminResetPassword(ctx, i.params.id, onceOf(req, 'reset-password', i)),
    );
    contractRoute(app, r.block, async (i, req) => {
      if (i.body.isBlocked) notSelf(callerOf(req), i.params.id);
      return one(await adminSetBlocked(ctx, i.params.id, i.body.isBlocked, onceOf(req, 'block', i)));
    });
    contractRoute(app, r.ban, async (i, req) => {
      notSelf(callerOf(req), i.params.id);
      return one(await adminBan(ctx, i.params.id, i.body, onceOf(req, 'ban', i)));
    });
    contractRoute(app, r.unban, async (i, req) =>
      one(await adminUnban(ctx, i.params.id, onceOf(req, 'unban', i))),
    );
    contractRoute(app, r.grantSupernoek, async (i, req) =>
      one(await grantSupernoek(ctx, i.params.id, i.body, onceOf(req, 'grant-supernoek', i))),
    );
    contractRoute(app, r.expireGrants, async () => ({ expired: await expireDue(ctx) }));
  };
}

/**
 * The admin service's idempotency key of this action (none: done every time), with what the request was:
 * the same key sent with another action, user, actor or body is refused, never answered another's outcome.
 */
function onceOf(
  req: Request,
  action: string,
  input: { params: { id: string }; body?: unknown },
): Once | undefined {
  const raw = req.headers[idempotencyKeyHeader];
  if (raw === undefined) return undefined;
  const key = idempotencyKeySchema.safeParse(raw);
  if (!key.success)
    throw new ValidationError('The idempotency key is not a UUID.', {
      [idempotencyKeyHeader]: ['Expected a UUID'],
    });
  const request = JSON.stringify([action, input.params.id, callerOf(req).actorId, input.body ?? null]);
  return { key: key.data, fingerprint: createHash('sha256').update(request).digest('hex') };
}

const CALLER = Symbol('serviceCaller');
type WithCaller = { [CALLER]?: ServiceCaller };
function rememberCaller(req: object, c: ServiceCaller): void {
  (req as WithCaller)[CALLER] = c;
}
function callerOf(req: object): ServiceCaller {
  const c = (req as WithCaller)[CALLER];
  if (!c) throw new Error('internal route reached without the service caller check');
  return c;
}
