import { describe, expect, it } from 'vitest';
import { decideUsage, describeWait, limitReachedMessage } from './usage-window';

const hour = 3_600_000;
const basic = { messages: 3, periodMs: 24 * hour };
const t0 = new Date('2026-01-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('decideUsage', () => {
  it('opens a window at the first message', () => {
    const d = decideUsage({ count: 0, windowStartedAt: null }, basic, t0);
    expect(d).toEqual({ allowed: true, next: { count: 1, windowStartedAt: t0 }, resetsAt: at(24 * hour) });
  });

  it('allows exactly the limit and refuses the next one with the reset time', () => {
    const two = { count: 2, windowStartedAt: t0 };
    const third = decideUsage(two, basic, at(hour));
    expect(third.allowed).toBe(true);
    const fourth = decideUsage({ count: 3, windowStartedAt: t0 }, basic, at(hour));
    expect(fourth).toEqual({ allowed: false, limit: 3, resetsAt: at(24 * hour) });
  });

  it('is still closed one millisecond before the reset and open at the reset', () => {
    const full = { count: 3, windowStartedAt: t0 };
    expect(decideUsage(full, basic, at(24 * hour - 1)).allowed).toBe(false);
    const after = decideUsage(full, basic, at(24 * hour));
    expect(after).toEqual({
      allowed: true,
      next: { count: 1, windowStartedAt: at(24 * hour) },
      resetsAt: at(48 * hour),
    });
  });

  it('opens the next window at the first message after the previous closed, not at its end', () => {
    const late = at(30 * hour);
    const d = decideUsage({ count: 1, windowStartedAt: t0 }, basic, late);
    expect(d.allowed && d.next.windowStartedAt).toEqual(late);
  });

  it('never limits an unlimited level', () => {
    const d = decideUsage(
      { count: 1_000_000, windowStartedAt: null },
      { messages: null, periodMs: null },
      t0,
    );
    expect(d).toEqual({ allowed: true, next: { count: 1_000_001, windowStartedAt: null }, resetsAt: null });
  });

  it('refuses a zero limit with a reset time', () => {
    const d = decideUsage({ count: 0, windowStartedAt: null }, { messages: 0, periodMs: hour }, t0);
    expect(d).toEqual({ allowed: false, limit: 0, resetsAt: at(hour) });
  });
});

describe('wording', () => {
  it('says the wait in hours and minutes', () => {
    expect(describeWait(at(3 * hour + 5 * 60_000), t0)).toBe('in 3 hours and 5 minutes');
    expect(describeWait(at(hour), t0)).toBe('in 1 hour');
    expect(describeWait(at(10), t0)).toBe('in 1 minute');
  });
  it('names the limit and the reset', () => {
    expect(limitReachedMessage(3000, at(2 * hour), t0)).toBe(
      'You have reached your limit of 3,000 messages. It resets in 2 hours (at 12:00 UTC).',
    );
  });
});
