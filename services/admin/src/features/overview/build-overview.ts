import type { OverviewGroup, OverviewResponse, OverviewSeries } from '@noek/contracts';
import { dayOffset, type CounterSeries } from './overview.repository';

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);
}
/** The Monday (UTC) of the week holding `day`. */
export function mondayOf(day: string): string {
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

type Spec = { key: string; label: string; group: OverviewGroup; unit: OverviewSeries['unit'] };
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Turns the buckets into the overview's series. `buckets` start at the Monday before `from` (weekly
 * active users are counted week to date); `before` holds the cumulative metrics' totals before `from`.
 */
export function buildOverview(
  from: string,
  to: string,
  buckets: CounterSeries,
  before: Record<string, number>,
): OverviewResponse {
  const days = daysBetween(from, to);
  // Day i of the range is bucket day `shift + i`; `shift` is also from's weekday (Monday 0).
  const shift = dayOffset(mondayOf(from), from);
  const daily = (key: string) => {
    const values = buckets.get(key);
    return days.map((_, i) => values?.[shift + i] ?? 0);
  };
  const series: OverviewSeries[] = [];
  const add = (spec: Spec, values: number[]) => series.push({ ...spec, values });

  add({ key: 'sign-ups', label: 'Sign-ups', group: 'users', unit: 'count' }, daily('sign-ups'));
  add(
    { key: 'daily-active-users', label: 'Daily active users', group: 'users', unit: 'count' },
    daily('daily-active-users'),
  );
  // Each user is counted on their first active day of the week: the sum since Monday is the week so far.
  const firsts = buckets.get('weekly-active-users') ?? [];
  add(
    {
      key: 'weekly-active-users',
      label: 'Weekly active users (week to date, from Monday)',
      group: 'users',
      unit: 'count',
    },
    days.map((_, i) => {
      const at = shift + i;
      let sum = 0;
      for (let d = at - ((shift + i) % 7); d <= at; d += 1) sum += firsts[d] ?? 0;
      return sum;
    }),
  );

  const splits = (metric: string, label: string, group: OverviewGroup) => {
    add({ key: metric, label, group, unit: 'count' }, daily(metric));
    const dims = [...buckets.keys()].filter((k) => k.startsWith(`${metric}|`)).sort();
    for (const kind of ['model', 'plan'] as const) {
      for (const k of dims.filter((x) => x.startsWith(`${metric}|${kind}:`))) {
        const name = k.slice(`${metric}|${kind}:`.length);
        const values = daily(k);
        if (values.every((v) => v === 0)) continue;
        const what = kind === 'model' ? name : `${name} plan`;
        add({ key: `${metric}.${kind}.${name}`, label: `${label}: ${what}`, group, unit: 'count' }, values);
      }
    }
  };
  splits('messages', 'Messages', 'messages');
  splits('tokens', 'Tokens', 'tokens');

  const news = daily('new-subscriptions');
  const cancels = daily('cancellations');
  add({ key: 'new-subscriptions', label: 'New subscriptions', group: 'subscriptions', unit: 'count' }, news);
  add({ key: 'cancellations', label: 'Cancellations', group: 'subscriptions', unit: 'count' }, cancels);

  let mrrCents = before['mrr-change-cents'] ?? 0;
  let paying = before['paying-change'] ?? 0;
  const mrr: number[] = [];
  const churn: number[] = [];
  const mrrChanges = daily('mrr-change-cents');
  const payingChanges = daily('paying-change');
  for (const [i] of days.entries()) {
    // Churn of a day: subscriptions that stopped paying, over those paying when the day began.
    churn.push(paying > 0 ? round2((100 * (cancels[i] ?? 0)) / paying) : 0);
    paying += payingChanges[i] ?? 0;
    mrrCents += mrrChanges[i] ?? 0;
    mrr.push(round2(mrrCents / 100));
  }
  add({ key: 'mrr-usd', label: 'MRR (USD)', group: 'revenue', unit: 'usd' }, mrr);
  add(
    { key: 'churn-percent', label: 'Churn (% of paying subscriptions)', group: 'revenue', unit: 'percent' },
    churn,
  );

  splits('replies-completed', 'Replies completed', 'replies');
  splits('replies-interrupted', 'Replies interrupted', 'replies');
  splits('replies-failed', 'Replies failed', 'replies');
  return { from, to, days, series };
}
