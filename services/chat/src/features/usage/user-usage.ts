import type { UserUsage } from '@noek/contracts';
import type { ChatUser } from '../../generated/prisma/client';
import { levelOf } from '../users/user-level';
import type { PlanLimitsTable } from './plan-limits';
import { usageLimitFor } from './usage-limit';
import { currentWindow, windowResetsAt } from './usage-window';

/** What the admin table shows: the window as it stands now (a closed one reads as 0). */
export function toUserUsage(
  userId: string,
  user: ChatUser | null,
  now: Date,
  plans: PlanLimitsTable,
): UserUsage {
  const level = user ? levelOf(user) : 'basic';
  const limit = usageLimitFor(level, plans);
  const window = currentWindow(
    { count: user?.messageCount ?? 0, windowStartedAt: user?.windowStartedAt ?? null },
    limit,
    now,
  );
  return {
    userId,
    messageCount: window.count,
    messageLimit: limit.messages,
    resetPeriodHours: limit.periodHours,
    usageWindowStartedAt: window.windowStartedAt?.toISOString() ?? null,
    usageResetsAt: windowResetsAt(window, limit)?.toISOString() ?? null,
  };
}
