import { describe, expect, it } from 'vitest';
import { createLoginThrottle, loginThrottleRules } from './login-throttle';

describe('login throttle (per account)', () => {
  it('lets the first failures through, then makes each try wait a growing, bounded delay', () => {
    let t = 0;
    const th = createLoginThrottle(loginThrottleRules, () => t);
    for (let i = 0; i < 20; i++) {
      expect(th.check('a@x').allowed).toBe(true);
      th.failed('a@x');
    }
    expect(th.check('a@x')).toEqual({ allowed: false, retryAfterSec: 1 });
    t += 1_000;
    expect(th.check('a@x').allowed).toBe(true);
    th.failed('a@x');
    expect(th.check('a@x')).toEqual({ allowed: false, retryAfterSec: 2 });
    for (let i = 0; i < 20; i++) th.failed('a@x');
    expect(th.check('a@x')).toEqual({ allowed: false, retryAfterSec: 60 });
    t += 60_000;
    expect(th.check('a@x').allowed).toBe(true);
    expect(th.check('b@x').allowed).toBe(true);
  });

  it('alerts the owner once at the threshold, and a success clears the count', () => {
    let t = 0;
    const th = createLoginThrottle(loginThrottleRules, () => t);
    const alerts = Array.from({ length: 25 }, () => th.failed('a@x').alert);
    expect(alerts.filter(Boolean)).toHaveLength(1);
    expect(alerts[19]).toBe(true);
    th.succeeded('a@x');
    expect(th.check('a@x').allowed).toBe(true);
    t += 2 * 3_600_000;
    expect(th.failed('a@x').failures).toBe(1);
  });
});
