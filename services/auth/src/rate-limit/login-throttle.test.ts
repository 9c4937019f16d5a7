import { describe, expect, it } from 'vitest';
import { lockoutDelayFor, loginThrottleRules as rules } from './login-throttle';

describe('lockoutDelayFor', () => {
  it('costs nothing for the free failures, then doubles from the base delay up to the cap', () => {
    expect(lockoutDelayFor(rules, 0)).toBe(0);
    expect(lockoutDelayFor(rules, rules.freeFailures - 1)).toBe(0);
    expect(lockoutDelayFor(rules, rules.freeFailures)).toBe(1_000);
    expect(lockoutDelayFor(rules, rules.freeFailures + 1)).toBe(2_000);
    expect(lockoutDelayFor(rules, rules.freeFailures + 5)).toBe(32_000);
    expect(lockoutDelayFor(rules, rules.freeFailures + 6)).toBe(60_000);
    expect(lockoutDelayFor(rules, 10_000)).toBe(60_000);
  });
});
