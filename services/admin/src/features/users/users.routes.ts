import type { Express } from 'express';
import { route } from '@noek/service-kit';
import {
  adminBanRequestSchema,
  adminBlockRequestSchema,
  adminGrantSupernoekRequestSchema,
  apiRoutes,
  adminUpdateUsageRequestSchema,
  adminUpdateUserRequestSchema,
  adminUsersHeaders,
  adminUsersQuerySchema,
  userIdParamsSchema,
} from '@noek/contracts';
import type { AdminContext } from '../../context';
import { actorOf, requestIdOf } from '../access/admin-only.middleware';
import { banUser, unbanUser } from '../actions/ban-user';
import { grantSupernoek } from '../actions/grant-supernoek';
import { resetPassword } from '../actions/reset-password';
import { setBlocked } from '../actions/set-blocked';
import { updateUser } from '../actions/update-user';
import { resetUsage, updateUsage } from '../actions/usage';
import { listUsers, usersEtag } from '../directory/list-users';

/**
 * Spec §7 'Admin': the user list and every action. Mounted behind authenticate + adminOnly (service.ts),
 * so each handler runs for an admin only (401 / 403 before anything is parsed).
 */
export function registerUserRoutes(app: Express, ctx: AdminContext): void {
  const r = apiRoutes.admin;
  const one = { params: userIdParamsSchema };
  app.get(
    r.users.path,
    route({ query: adminUsersQuerySchema }, async ({ query }, req, res) => {
      const etag = await usersEtag(ctx, query);
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'private, no-cache');
      if (req.headers['if-none-match'] === etag) {
        res.status(304).end();
        return undefined;
      }
      const { users, total } = await listUsers(ctx, query);
      res.setHeader(adminUsersHeaders.totalCount, String(total));
      return users;
    }),
  );
  app.patch(
    r.updateUser.path,
    route({ ...one, body: adminUpdateUserRequestSchema }, async ({ params, body }, req) =>
      updateUser(ctx, actorOf(req), params.id, body, requestIdOf(req)),
    ),
  );
  app.post(
    r.resetPassword.path,
    route(one, async ({ params }, req) => resetPassword(ctx, actorOf(req), params.id, requestIdOf(req))),
  );
  app.post(
    r.resetUsage.path,
    route(one, async ({ params }, req) => resetUsage(ctx, actorOf(req), params.id, requestIdOf(req))),
  );
  app.patch(
    r.updateUsage.path,
    route({ ...one, body: adminUpdateUsageRequestSchema }, async ({ params, body }, req) =>
      updateUsage(ctx, actorOf(req), params.id, body.messageCount, requestIdOf(req)),
    ),
  );
  app.patch(
    r.block.path,
    route({ ...one, body: adminBlockRequestSchema }, async ({ params, body }, req) =>
      setBlocked(ctx, actorOf(req), params.id, body.isBlocked, requestIdOf(req)),
    ),
  );
  app.post(
    r.ban.path,
    route({ ...one, body: adminBanRequestSchema }, async ({ params, body }, req) =>
      banUser(ctx, actorOf(req), params.id, body, requestIdOf(req)),
    ),
  );
  app.post(
    r.unban.path,
    route(one, async ({ params }, req) => unbanUser(ctx, actorOf(req), params.id, requestIdOf(req))),
  );
  app.post(
    r.grantSupernoek.path,
    route({ ...one, body: adminGrantSupernoekRequestSchema }, async ({ params, body }, req) =>
      grantSupernoek(ctx, actorOf(req), params.id, body, requestIdOf(req)),
    ),
  );
}
