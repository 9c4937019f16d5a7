import type { UserUsage } from '@noek/contracts';
import type { ChatContext } from '../../context';
import { toUserUsage } from './user-usage';

/** GET /internal/usage?userIds=: each user's window as it stands now (unknown users read as unused). */
export async function listUsage(ctx: ChatContext, userIds: string[]): Promise<UserUsage[]> {
  const rows = await ctx.users.findMany(userIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = ctx.now();
  return userIds.map((id) => toUserUsage(id, byId.get(id) ?? null, now, ctx.planLimits));
}
