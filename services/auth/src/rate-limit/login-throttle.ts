/**
 * Per-account ceiling on password guessing, whatever the number of addresses used.
 * The first free failures cost nothing; after that each attempt must wait a delay that doubles with
 * every further failure, up to a minute. It slows guessing to about one try a minute per account
 * but never locks the owner out: the wait is bounded, a correct password after it signs in (and
 * clears the count), and a browser that signed in to the account before is not slowed at all
 * (login.ts). At `alertAfter` failures in a row the owner is mailed, once a day.
 * The count lives in auth's database (login_failures): every replica sees every failure.
 */
import { backoffDelay } from '@noek/service-kit';
import type { RateWindowsRepository } from './rate-windows.repository';

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

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSec: number };

/**
 * The lockout delay (not a retry: the account is closed to tries for this long after its last wrong
 * password) after `failures` wrong passwords in a row: none for the free ones, then the house backoff,
 * bounded.
 */
export function lockoutDelayFor(rules: LoginThrottleRules, failures: number): number {
  const over = failures - rules.freeFailures;
  if (over < 0) return 0;
  return backoffDelay(over + 1, { baseMs: rules.baseDelayMs, maxMs: rules.maxDelayMs });
}

export function createLoginThrottle(
  store: RateWindowsRepository,
  rules: LoginThrottleRules = loginThrottleRules,
  now: () => Date = () => new Date(),
) {
  return {
    /** May this account be tried now? */
    async check(account: string): Promise<ThrottleDecision> {
      const t = now().getTime();
      const e = await store.failures(account);
      if (!e || t - e.lastFailure.getTime() > rules.forgetAfterMs) return { allowed: true };
      const wait = e.lastFailure.getTime() + lockoutDelayFor(rules, e.failures) - t;
      return wait > 0
        ? { allowed: false, retryAfterSec: Math.max(1, Math.ceil(wait / 1000)) }
        : { allowed: true };
    },
    /** Counts a wrong password; answers whether the owner should be told now (once a day, one replica). */
    async failed(account: string): Promise<{ alert: boolean; failures: number }> {
      const at = now();
      const { failures } = await store.addFailure(account, at, rules.forgetAfterMs);
      const alert = failures >= rules.alertAfter && (await store.claimAlert(account, at, rules.alertEveryMs));
      return { alert, failures };
    },
    succeeded: (account: string) => store.clearFailures(account),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
