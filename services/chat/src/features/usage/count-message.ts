import { errorCodes } from '@noek/contracts';
import { ConflictError } from '@noek/service-kit';
import type { ChatUser } from '../../generated/prisma/client';
import { levelOf } from '../users/user-level';
import type { PlanLimitsTable } from './plan-limits';
import { UsageLimitReachedError, usageLimitFor } from './usage-limit';
import { decideUsage } from './usage-window';

/*
 * Usage counting, one strategy for send and retry: optimistic compare-and-set on the user's row.
 * The decision (allowed? next count and window?) is made on a read of the row; the write moves the
 * count only if the row still holds exactly what the decision read (level, count, window, not banned or
 * blocked, session not revoked). When it changed (a concurrent send took a slot, a block or revocation
 * landed) nothing is written and the use case decides again on a fresh read (at most MAX_COUNT_ATTEMPTS).
 * Why not `SELECT ... FOR UPDATE`: the send path does its whole write in ONE statement (send.repository.ts)
 * with no lock held across round trips, and two concurrent sends can never both take the last slot.
 */

/** A send or retry that keeps finding the user's row changed under it gives up with 409 SEND_CONTENDED. */
export const MAX_COUNT_ATTEMPTS = 8;

export const SEND_CONTENDED = 'Too many messages are being sent at once from your account. Please try again.';

/** What an attempt answers when the row changed since the read: nothing was written. */
export const STALE = 'stale';

/**
 * The compare-and-set loop of every counted write: `attempt` decides and writes on one read of the state,
 * or answers STALE; then the state is read again (`reread`, which checks it anew) and the attempt runs
 * again, at most MAX_COUNT_ATTEMPTS times in all, then 409 SEND_CONTENDED.
 */
export async function untilSettled<S, T>(
  first: S,
  attempt: (state: S) => Promise<T | typeof STALE>,
  reread: (state: S) => Promise<S>,
): Promise<T> {
  let state = first;
  for (let tries = 1; ; tries++) {
    const result = await attempt(state);
    if (result !== STALE) return result;
    if (tries >= MAX_COUNT_ATTEMPTS) throw new ConflictError(SEND_CONTENDED, errorCodes.sendContended);
    // Something changed since the read (a concurrent send, a block, a revocation): decide again.
    state = await reread(state);
  }
}

/** What the decision was made on; the write happens only if the row still holds it. */
export interface UsageExpectation {
  userId: string;
  accessLevel: string;
  messageCount: number;
  windowStartedAt: Date | null;
  /** The token's issue time: a revocation after the read makes the write fail. */
  issuedAt: Date;
}

export interface UsageCount {
  expect: UsageExpectation;
  next: { messageCount: number; windowStartedAt: Date | null };
}

/** One more message for `user` at `now`, or UsageLimitReachedError (429, Retry-After) when the window is full. */
export function decideCount(user: ChatUser, issuedAt: Date, now: Date, plans: PlanLimitsTable): UsageCount {
  const limit = usageLimitFor(levelOf(user), plans);
  const decision = decideUsage(
    { count: user.messageCount, windowStartedAt: user.windowStartedAt },
    limit,
    now,
  );
  if (!decision.allowed)
    throw new UsageLimitReachedError(decision.limit, limit.periodHours ?? 0, decision.resetsAt, now);
  return {
    expect: {
      userId: user.id,
      accessLevel: user.accessLevel,
      messageCount: user.messageCount,
      windowStartedAt: user.windowStartedAt,
      issuedAt,
    },
    next: { messageCount: decision.next.count, windowStartedAt: decision.next.windowStartedAt },
  };
}
