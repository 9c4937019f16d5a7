import { describe, expect, it } from 'vitest';
import { messageLimitFor, messageLimits, SUPERNOEK_PLAN_DISPLAY_LIMIT } from './constants';

describe('messageLimitFor', () => {
  it('gives the spec §9 table', () => {
    expect(messageLimitFor('basic')).toEqual({ limit: 3000, periodHours: 24 });
    expect(messageLimitFor('premium')).toEqual({ limit: 25000, periodHours: 2 });
    expect(messageLimitFor('supernoek')).toEqual({ limit: 10000, periodHours: 4 });
    expect(messageLimitFor('admin')).toEqual({ limit: null, periodHours: null });
  });
  it('treats no level as basic', () => {
    expect(messageLimitFor(null)).toBe(messageLimits.basic);
    expect(messageLimitFor(undefined)).toBe(messageLimits.basic);
  });
  it('keeps the supernoek display text apart from enforcement', () => {
    expect(SUPERNOEK_PLAN_DISPLAY_LIMIT).toBe('50000 messages per day');
    expect(messageLimits.supernoek.limit).not.toBe(50000);
  });
});
