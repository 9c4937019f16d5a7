import type { UserUsage } from '@noek/contracts';
import type { ChatContext } from '../../context';
import { toUserUsage } from './user-usage';

/** 'Reset': the count goes to 0 and a new window opens now (decisions.md). */
export function resetUsage(ctx: ChatContext, userId: string): Promise<UserUsage> {
  return ctx.transaction(async ({ users }) => {
    const now = ctx.now();
    await users.ensureRow(userId);
    const user = await users.setUsage(userId, 0, now);
    return toUserUsage(userId, user, now, ctx.planLimits);
  });
}
