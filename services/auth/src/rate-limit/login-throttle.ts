/**
 * Per-account ceiling on password guessing (issue 14 §5), whatever the number of addresses used.
 * The first free failures cost nothing; after that each attempt must wait a delay that doubles with
 * every further failure, up to a minute. It slows guessing to about one try a minute per account
 * but never locks the owner out: the wait is bounded, a correct password after it signs in (and
 * clears the count), and a browser that signed in to the account before is not slowed at all
 * (login.ts). At `alertAfter` failures in a row the owner is mailed, once a day.
 * In memory, per process (like the address limits; see docs/security.md).
 */
export type LoginThrottleRules = {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  alertAfter: number;
  alertEveryMs: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs: number;
};

export const loginThrottleRules: LoginThrottleRules = {
  // Above the per-address limit (10): one address alone meets that limit first.
  freeFailures: 20,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  alertAfter: 20,
  alertEveryMs: 24 * 3_600_000,
  forgetAfterMs: 3_600_000,
};

type Entry = { failures: number; lastFailure: number; lastAlert: number };

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSec: number };

export function createLoginThrottle(rules: LoginThrottleRules = loginThrottleRules, now = Date.now) {
  const accounts = new Map<string, Entry>();

  function live(key: string, t: number): Entry | undefined {
    const e = accounts.get(key);
    if (e && t - e.lastFailure > rules.forgetAfterMs) {
      accounts.delete(key);
      return undefined;
    }
    return e;
  }

  function delayFor(failures: number): number {
    const over = failures - rules.freeFailures;
    if (over < 0) return 0;
    return Math.min(rules.maxDelayMs, rules.baseDelayMs * 2 ** over);
  }

  return {
    /** May this account be tried now? */
    check(account: string): ThrottleDecision {
      const t = now();
      const e = live(account, t);
      if (!e) return { allowed: true };
      const wait = e.lastFailure + delayFor(e.failures) - t;
      return wait > 0
        ? { allowed: false, retryAfterSec: Math.max(1, Math.ceil(wait / 1000)) }
        : { allowed: true };
    },
    /** Counts a wrong password; answers whether the owner should be told now. */
    failed(account: string): { alert: boolean; failures: number } {
      const t = now();
      const e = live(account, t) ?? { failures: 0, lastFailure: t, lastAlert: -Infinity };
      e.failures += 1;
      e.lastFailure = t;
      accounts.set(account, e);
      const alert = e.failures >= rules.alertAfter && t - e.lastAlert >= rules.alertEveryMs;
      if (alert) e.lastAlert = t;
      if (accounts.size > 100_000) for (const [k] of accounts) if (!live(k, t)) accounts.delete(k);
      return { alert, failures: e.failures };
    },
    succeeded(account: string): void {
      accounts.delete(account);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
