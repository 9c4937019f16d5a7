import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the base per failure and stops at the cap', () => {
    const o = { baseMs: 100, maxMs: 1_000 };
    expect([1, 2, 3, 4, 5, 40].map((n) => backoffDelay(n, o))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('treats attempt 0 like the first retry', () => {
    expect(backoffDelay(0, { baseMs: 50, maxMs: 60_000 })).toBe(50);
  });
});
