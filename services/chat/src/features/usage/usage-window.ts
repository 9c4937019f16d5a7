/**
 * The fixed usage window of decisions.md: a window opens at the first message after the previous
 * one closed and lasts the level's reset period. Pure, so the boundary rules are unit tested.
 */
export interface UsageState {
  count: number;
  windowStartedAt: Date | null;
}

/** `messages`/`periodMs` null mean unlimited / never resets (admin). */
export interface UsageLimit {
  messages: number | null;
  periodMs: number | null;
}

export type UsageDecision =
  | { allowed: true; next: UsageState; resetsAt: Date | null }
  | { allowed: false; limit: number; resetsAt: Date };

/** The window as it stands at `now`: an expired window reads as not yet opened. */
export function currentWindow(state: UsageState, limit: UsageLimit, now: Date): UsageState {
  if (!state.windowStartedAt || limit.periodMs === null) return state;
  const closesAt = state.windowStartedAt.getTime() + limit.periodMs;
  return now.getTime() >= closesAt ? { count: 0, windowStartedAt: null } : state;
}

export function windowResetsAt(state: UsageState, limit: UsageLimit): Date | null {
  if (!state.windowStartedAt || limit.periodMs === null) return null;
  return new Date(state.windowStartedAt.getTime() + limit.periodMs);
}

/** Decides whether one more message may be sent at `now` and what the state becomes if so. */
export function decideUsage(state: UsageState, limit: UsageLimit, now: Date): UsageDecision {
  const current = currentWindow(state, limit, now);
  const opened: UsageState = {
    count: current.count,
    windowStartedAt: current.windowStartedAt ?? (limit.periodMs === null ? current.windowStartedAt : now),
  };
  const resetsAt = windowResetsAt(opened, limit);
  if (limit.messages !== null && opened.count >= limit.messages) {
    // A limit of 0 with no window yet still needs a reset time to report; the window opens now.
    return { allowed: false, limit: limit.messages, resetsAt: resetsAt ?? now };
  }
  return {
    allowed: true,
    next: { count: opened.count + 1, windowStartedAt: opened.windowStartedAt },
    resetsAt,
  };
}

/** "in 3 hours and 5 minutes" style wording for the 429 message; never "in 0 minutes". */
export function describeWait(resetsAt: Date, now: Date): string {
  const totalMinutes = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return `in ${part(minutes, 'minute')}`;
  if (minutes === 0) return `in ${part(hours, 'hour')}`;
  return `in ${part(hours, 'hour')} and ${part(minutes, 'minute')}`;
}

/** The plain-words 429 message (decisions.md: the limit and the time it resets). */
export function limitReachedMessage(limit: number, resetsAt: Date, now: Date): string {
  return (
    `You have reached your limit of ${limit.toLocaleString('en-US')} messages. ` +
    `It resets ${describeWait(resetsAt, now)} (at ${resetsAt.toISOString().slice(11, 16)} UTC).`
  );
}
