import { describe, expect, it } from 'vitest';
import { addDays, buildOverview, daysBetween, mondayOf } from './build-overview';
import type { CounterSeries } from './overview.repository';

const valuesOf = (o: ReturnType<typeof buildOverview>, key: string) =>
  o.series.find((s) => s.key === key)?.values;

describe('days of the overview (UTC)', () => {
  it('adds days across months and years, finds the Monday of a week, lists a range inclusively', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(mondayOf('2026-01-05')).toBe('2026-01-05'); // a Monday
    expect(mondayOf('2026-01-11')).toBe('2026-01-05'); // its Sunday
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // a Thursday
    expect(daysBetween('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
  });
});

describe('buildOverview', () => {
  // The range Wed 7 to Tue 13 January 2026; buckets start on Monday the 5th (index 0).
  const from = '2026-01-07';
  const to = '2026-01-13';
  const series = (entries: Record<string, number[]>): CounterSeries => new Map(Object.entries(entries));

  it('reads each day of the range from its bucket, and zero where there is none', () => {
    const o = buildOverview(from, to, series({ 'sign-ups': [9, 9, 1, 0, 2] }), {});
    expect(o.days).toHaveLength(7);
    expect(valuesOf(o, 'sign-ups')).toEqual([1, 0, 2, 0, 0, 0, 0]);
    expect(valuesOf(o, 'daily-active-users')).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('counts weekly active users week to date, from Monday, starting again on the next Monday', () => {
    // First activity of the week: 2 users on Monday 5th, 1 on Wed 7th, 1 on Mon 12th.
    const o = buildOverview(from, to, series({ 'weekly-active-users': [2, 0, 1, 0, 0, 0, 0, 1, 0] }), {});
    expect(valuesOf(o, 'weekly-active-users')).toEqual([3, 3, 3, 3, 3, 1, 1]);
  });

  it('carries MRR and paying subscriptions from before the range; churn is cancellations over those paying', () => {
    const o = buildOverview(
      from,
      to,
      series({
        'mrr-change-cents': [0, 0, 3000, 0, -6000],
        'paying-change': [0, 0, 1, 0, -2],
        cancellations: [0, 0, 0, 0, 2],
      }),
      { 'mrr-change-cents': 9000, 'paying-change': 3 },
    );
    expect(valuesOf(o, 'mrr-usd')).toEqual([120, 120, 60, 60, 60, 60, 60]);
    // Friday: 4 paying at its start, 2 stopped: 50 %.
    expect(valuesOf(o, 'churn-percent')).toEqual([0, 0, 50, 0, 0, 0, 0]);
  });

  it('splits by model and plan only the dimensions with something to show, in a stable order', () => {
    const o = buildOverview(
      from,
      to,
      series({
        messages: [0, 0, 3],
        'messages|model:b-model': [0, 0, 1],
        'messages|model:a-model': [0, 0, 2],
        'messages|plan:basic': [0, 0, 3],
        // Only before the range: nothing to show in it.
        'messages|model:old-model': [5],
      }),
      {},
    );
    const keys = o.series.filter((s) => s.group === 'messages').map((s) => s.key);
    expect(keys).toEqual([
      'messages',
      'messages.model.a-model',
      'messages.model.b-model',
      'messages.plan.basic',
    ]);
    expect(o.series.find((s) => s.key === 'messages.plan.basic')?.label).toBe('Messages: basic plan');
  });

  it('always answers every headline series, even with no data at all', () => {
    const o = buildOverview(from, to, new Map(), {});
    expect(o.series.map((s) => s.key)).toEqual([
      'sign-ups',
      'daily-active-users',
      'weekly-active-users',
      'messages',
      'tokens',
      'new-subscriptions',
      'cancellations',
      'mrr-usd',
      'churn-percent',
      'replies-completed',
      'replies-interrupted',
      'replies-failed',
    ]);
    expect(o.series.every((s) => s.values.length === 7 && s.values.every((v) => v === 0))).toBe(true);
  });
});
