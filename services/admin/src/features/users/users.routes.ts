import type { Express } from 'express';
import { adminUsersHeaders, apiRoutes } from '@noek/contracts';
import { ANSWERED, contractRoute } from '@noek/service-kit';
import type { AdminContext } from '../../context';
import { actorOf, requestIdOf } from '../access/admin-only.middleware';
import { banUser, unbanUser } from '../actions/ban-user';
import { grantSupernoek } from '../actions/grant-supernoek';
import { resetPassword } from '../actions/reset-password';
import { setBlocked } from '../actions/set-blocked';
import { updateUser } from '../actions/update-user';
import { resetUsage, updateUsage } from '../actions/usage';
import { listUsers, usersEtag } from '../directory/list-users';
import { userTokens } from './user-tokens';

/**
 * Spec §7 'Admin': the user list and every action. Mounted behind authenticate + adminOnly (service.ts),
 * so each handler runs for an admin only (401 / 403 before anything is parsed).
 */
export function registerUserRoutes(app: Express, ctx: AdminContext): void {
  const r = apiRoutes.admin;
  contractRoute(app, r.users, async ({ query }, req, res) => {
    const etag = await usersEtag(ctx, query);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return ANSWERED;
    }
    const { users, total } = await listUsers(ctx, query);
    res.setHeader(adminUsersHeaders.totalCount, String(total));
    return users;
  });
  contractRoute(app, r.updateUser, ({ params, body }, req) =>
    updateUser(ctx, actorOf(req), params.id, body, requestIdOf(req)),
  );
  contractRoute(app, r.resetPassword, ({ params }, req) =>
    resetPassword(ctx, actorOf(req), params.id, requestIdOf(req)),
  );
  contractRoute(app, r.resetUsage, ({ params }, req) =>
    resetUsage(ctx, actorOf(req), params.id, requestIdOf(req)),
  );
  contractRoute(app, r.updateUsage, ({ params, body }, req) =>
    updateUsage(ctx, actorOf(req), params.id, body.messageCount, requestIdOf(req)),
  );
  contractRoute(app, r.block, ({ params, body }, req) =>
    setBlocked(ctx, actorOf(req), params.id, body.isBlocked, requestIdOf(req)),
  );
  contractRoute(app, r.ban, ({ params, body }, req) =>
    banUser(ctx, actorOf(req), params.id, body, requestIdOf(req)),
  );
  contractRoute(app, r.unban, ({ params }, req) => unbanUser(ctx, actorOf(req), params.id, requestIdOf(req)));
  contractRoute(app, r.userTokens, ({ params, query }, req) =>
    userTokens(ctx, actorOf(req), params.id, query.days),
  );
  contractRoute(app, r.grantSupernoek, ({ params, body }, req) =>
    grantSupernoek(ctx, actorOf(req), params.id, body, requestIdOf(req)),
  );
}
