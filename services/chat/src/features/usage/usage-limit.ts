import { errorCodes, type AccessLevel } from '@noek/contracts';
import { RateLimitedError } from '@noek/service-kit';
import type { PlanLimitsTable } from './plan-limits';
import { limitReachedMessage, type UsageLimit } from './usage-window';

const HOUR_MS = 3_600_000;

/** A level's limits as admins set them (defaults: spec §9) in the form the window logic uses. */
export function usageLimitFor(
  level: AccessLevel,
  plans: PlanLimitsTable,
): UsageLimit & { periodHours: number | null } {
  const { messagesPerWindow: limit, windowHours: periodHours } = plans.limitsFor(level);
  return { messages: limit, periodMs: periodHours === null ? null : periodHours * HOUR_MS, periodHours };
}

/**
 * 429 USAGE_LIMIT_REACHED with Retry-After and usageLimitErrorSchema's fields (limit, periodHours,
 * resetsAt), rendered by the one error middleware. Nothing is written when it is thrown.
 */
export class UsageLimitReachedError extends RateLimitedError {
  constructor(limit: number, periodHours: number, resetsAt: Date, now: Date) {
    const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    super(limitReachedMessage(limit, resetsAt, now), retryAfter, errorCodes.usageLimitReached, {
      limit,
      periodHours,
      resetsAt: resetsAt.toISOString(),
    });
  }
}
