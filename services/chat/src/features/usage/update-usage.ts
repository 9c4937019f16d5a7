import type { UserUsage } from '@noek/contracts';
import type { ChatContext } from '../../context';
import { toUserUsage } from './user-usage';

/** 'Edit User Usage': sets the count; a count set on a closed (or never opened) window opens one now. */
export function updateUsage(ctx: ChatContext, userId: string, messageCount: number): Promise<UserUsage> {
  return ctx.transaction(async ({ users }) => {
    const now = ctx.now();
    const before = await users.ensureRow(userId);
    const open = toUserUsage(userId, before, now, ctx.planLimits).usageWindowStartedAt;
    const user = await users.setUsage(userId, messageCount, open ? new Date(open) : now);
    return toUserUsage(userId, user, now, ctx.planLimits);
  });
}
