import type { Express, Request } from 'express';
import { ConflictError, ForbiddenError, route } from '@noek/service-kit';
import {
  adminBanRequestSchema,
  adminBlockRequestSchema,
  adminUpdateUserRequestSchema,
  userIdParamsSchema,
  type AuthUserRecord,
} from '@noek/contracts';
import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { requireSignedIn } from '../sessions/current-user';
import {
  adminBan,
  adminResetPassword,
  adminSetBlocked,
  adminUnban,
  adminUpdateUser,
} from './user-admin.operations';
import { toAuthUserRecord } from './user.view';

export const INTERNAL_USERS_PATH = '/internal/auth/users';

/**
 * The caller must be an admin now (checked against the database, so a demoted or banned admin's
 * token is refused at once). The admin service forwards the admin's access token (cookie or Bearer).
 */
async function requireAdmin(ctx: AuthContext, req: Request): Promise<User> {
  const actor = await requireSignedIn(ctx, req);
  if (actor.accessLevel !== 'admin') throw new ForbiddenError();
  return actor;
}

/** Admins cannot lock themselves out (ban, block or demote their own account). */
function notSelf(actor: User, id: string): void {
  if (actor.id === id) throw new ConflictError('You cannot do this to your own account.', 'SELF_ACTION');
}

/**
 * Internal routes for the admin service (not under /api, so the gateway never exposes them).
 * Audit logging is the admin service's job; these answer the user after the change.
 */
export function adminUserRoutes(ctx: AuthContext) {
  const one = (user: User): { user: AuthUserRecord } => ({ user: toAuthUserRecord(user, ctx.now()) });
  const params = { params: userIdParamsSchema };
  return (app: Express): void => {
    app.get(
      INTERNAL_USERS_PATH,
      route({}, async (_i, req) => {
        await requireAdmin(ctx, req);
        const users = await ctx.db.user.findMany({ orderBy: { createdAt: 'asc' } });
        return users.map((u) => toAuthUserRecord(u, ctx.now()));
      }),
    );
    app.patch(
      `${INTERNAL_USERS_PATH}/:id`,
      route({ ...params, body: adminUpdateUserRequestSchema }, async (i, req) => {
        const actor = await requireAdmin(ctx, req);
        if (i.body.accessLevel !== 'admin') notSelf(actor, i.params.id);
        return one(await adminUpdateUser(ctx, i.params.id, i.body));
      }),
    );
    app.post(
      `${INTERNAL_USERS_PATH}/:id/reset-password`,
      route(params, async (i, req) => {
        await requireAdmin(ctx, req);
        return adminResetPassword(ctx, i.params.id);
      }),
    );
    app.patch(
      `${INTERNAL_USERS_PATH}/:id/block`,
      route({ ...params, body: adminBlockRequestSchema }, async (i, req) => {
        const actor = await requireAdmin(ctx, req);
        if (i.body.isBlocked) notSelf(actor, i.params.id);
        return one(await adminSetBlocked(ctx, i.params.id, i.body.isBlocked));
      }),
    );
    app.post(
      `${INTERNAL_USERS_PATH}/:id/ban`,
      route({ ...params, body: adminBanRequestSchema }, async (i, req) => {
        notSelf(await requireAdmin(ctx, req), i.params.id);
        return one(await adminBan(ctx, i.params.id, i.body));
      }),
    );
    app.post(
      `${INTERNAL_USERS_PATH}/:id/unban`,
      route(params, async (i, req) => {
        await requireAdmin(ctx, req);
        return one(await adminUnban(ctx, i.params.id));
      }),
    );
  };
}
