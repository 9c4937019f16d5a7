import { messageLimitFor, type AccessLevel, type UsageLimitError } from '@noek/contracts';
import { limitReachedMessage, type UsageLimit } from './usage-window';

const HOUR_MS = 3_600_000;

/** The contracts' limits table (spec §9) in the form the window logic uses. */
export function usageLimitFor(level: AccessLevel): UsageLimit & { periodHours: number | null } {
  const { limit, periodHours } = messageLimitFor(level);
  return { messages: limit, periodMs: periodHours === null ? null : periodHours * HOUR_MS, periodHours };
}

/** Thrown inside the send transaction; answered as 429 with the limit and the reset time. */
export class UsageLimitReached extends Error {
  constructor(
    readonly limit: number,
    readonly periodHours: number,
    readonly resetsAt: Date,
    readonly now: Date,
  ) {
    super('usage limit reached');
  }

  body(requestId?: string): UsageLimitError {
    return {
      code: 'USAGE_LIMIT_REACHED',
      message: limitReachedMessage(this.limit, this.resetsAt, this.now),
      limit: this.limit,
      periodHours: this.periodHours,
      resetsAt: this.resetsAt.toISOString(),
      ...(requestId ? { requestId } : {}),
    };
  }

  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.resetsAt.getTime() - this.now.getTime()) / 1000));
  }
}
