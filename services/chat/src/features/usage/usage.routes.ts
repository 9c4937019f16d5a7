import type { Express } from 'express';
import {
  adminUpdateUsageRequestSchema,
  messageLimitFor,
  usageListQuerySchema,
  usageUserParamsSchema,
  type UserUsage,
} from '@noek/contracts';
import { ForbiddenError, route } from '@noek/service-kit';
import type { RequestHandler } from 'express';
import { chatUser, type ChatContext } from '../../chat-context';
import type { ChatUser } from '../../generated/prisma/client';
import { levelOf } from '../users/chat-users.repository';
import { usageLimitFor } from './usage-limit';
import { currentWindow, windowResetsAt } from './usage-window';
import { requireAdminService } from './service-token';

/** What the admin table shows: the window as it stands now (a closed one reads as 0). */
export function toUserUsage(userId: string, user: ChatUser | null, now = new Date()): UserUsage {
  const level = user ? levelOf(user) : 'basic';
  const limit = usageLimitFor(level);
  const window = currentWindow(
    { count: user?.messageCount ?? 0, windowStartedAt: user?.windowStartedAt ?? null },
    limit,
    now,
  );
  const { limit: messageLimit, periodHours } = messageLimitFor(level);
  return {
    userId,
    messageCount: window.count,
    messageLimit,
    resetPeriodHours: periodHours,
    usageWindowStartedAt: window.windowStartedAt?.toISOString() ?? null,
    usageResetsAt: windowResetsAt(window, limit)?.toISOString() ?? null,
  };
}

/**
 * The admin service's usage API (contracts chat/usage.schema.ts): admins only, never routed by the
 * gateway. Reset sets the count to 0 and opens a new window (decisions.md).
 */
export function registerUsageRoutes(
  app: Express,
  ctx: ChatContext,
  authenticate: RequestHandler,
  /** auth's public key: when given, the admin service's token is required too (service-token.ts). */
  servicePublicKey?: string,
): void {
  // The level as chat knows it from auth's events (a demoted admin is refused at once), and revocation.
  const adminOnly: RequestHandler = (req, _res, next) => {
    chatUser(ctx, req).then(
      (user) => next(levelOf(user) === 'admin' ? undefined : new ForbiddenError()),
      (err: unknown) => next(err),
    );
  };
  if (servicePublicKey) app.use('/internal/usage', requireAdminService(servicePublicKey));
  app.use('/internal/usage', authenticate, adminOnly);

  app.get(
    '/internal/usage',
    route({ query: usageListQuerySchema }, async ({ query }) => {
      const rows = await ctx.db.chatUser.findMany({ where: { id: { in: query.userIds } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return query.userIds.map((id) => toUserUsage(id, byId.get(id) ?? null));
    }),
  );

  app.patch(
    '/internal/usage/:userId',
    route(
      { params: usageUserParamsSchema, body: adminUpdateUsageRequestSchema },
      async ({ params, body }) => {
        await ctx.db.chatUser.createMany({ data: [{ id: params.userId }], skipDuplicates: true });
        const now = new Date();
        const before = await ctx.db.chatUser.findUniqueOrThrow({ where: { id: params.userId } });
        // A count set on a closed (or never opened) window opens one now, so the count means something.
        const open = toUserUsage(params.userId, before, now).usageWindowStartedAt;
        const user = await ctx.db.chatUser.update({
          where: { id: params.userId },
          data: { messageCount: body.messageCount, windowStartedAt: open ? new Date(open) : now },
        });
        return toUserUsage(params.userId, user, now);
      },
    ),
  );

  app.post(
    '/internal/usage/:userId/reset',
    route({ params: usageUserParamsSchema }, async ({ params }) => {
      await ctx.db.chatUser.createMany({ data: [{ id: params.userId }], skipDuplicates: true });
      const now = new Date();
      const user = await ctx.db.chatUser.update({
        where: { id: params.userId },
        data: { messageCount: 0, windowStartedAt: now },
      });
      return toUserUsage(params.userId, user, now);
    }),
  );
}
