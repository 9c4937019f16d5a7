import type { Express, Request, RequestHandler } from 'express';
import { accessTokenFromHeaders, route, UnauthenticatedError } from '@noek/service-kit';
import {
  adminBanRequestSchema,
  adminBlockRequestSchema,
  adminGrantSupernoekRequestSchema,
  apiRoutes,
  adminUpdateUsageRequestSchema,
  adminUpdateUserRequestSchema,
  adminUsersHeaders,
  adminUsersQuerySchema,
  auditQuerySchema,
  userIdParamsSchema,
} from '@noek/contracts';
import type { AdminContext } from '../context';
import { requireAdmin, type Actor } from './access/require-admin';
import { banUser, unbanUser } from './actions/ban-user';
import { grantSupernoek } from './actions/grant-supernoek';
import { resetPassword } from './actions/reset-password';
import { setBlocked } from './actions/set-blocked';
import { updateUser } from './actions/update-user';
import { resetUsage, updateUsage } from './actions/usage';
import { listUsers, usersEtag } from './directory/list-users';

const ACTOR = 'adminActor';

/** After authenticate: the caller must be an admin now, before the request is even parsed (403 first). */
function adminOnly(ctx: AdminContext): RequestHandler {
  return (req, res, next) => {
    const token = accessTokenFromHeaders(req.headers);
    if (!req.user || !token) return next(new UnauthenticatedError());
    requireAdmin(ctx, req.user, token).then((actor) => {
      res.locals[ACTOR] = actor;
      next();
    }, next);
  };
}

function actorOf(req: Request): Actor {
  const actor = req.res?.locals[ACTOR] as Actor | undefined;
  if (!actor) throw new UnauthenticatedError();
  return actor;
}
const requestIdOf = (req: Request): string | null => (typeof req.id === 'string' ? req.id : null);

/**
 * Spec §7 'Admin' plus the audit reads. `authenticate` (requireUser) answers 401 to a missing or bad
 * token; every handler then checks the caller is an admin now (403 otherwise) before anything else.
 */
export function registerAdminRoutes(app: Express, ctx: AdminContext, authenticate: RequestHandler): void {
  const r = apiRoutes.admin;
  const one = { params: userIdParamsSchema };
  app.use('/api/admin', authenticate, adminOnly(ctx));

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
  app.get(
    r.userAudit.path,
    route({ ...one, query: auditQuerySchema }, async ({ params, query }) => {
      return ctx.audit.forUser(params.id, query.limit);
    }),
  );
  app.get(
    r.recentAudit.path,
    route({ query: auditQuerySchema }, async ({ query }) => {
      return ctx.audit.recent(query.limit);
    }),
  );
}
