import { z } from 'zod';

/** Days are UTC calendar days, `YYYY-MM-DD`. */
export const dayStringSchema = z.iso.date();
export const OVERVIEW_PRESET_DAYS = [7, 30, 90] as const;
/** A custom range spans at most this many days (about two years of daily points). */
export const OVERVIEW_MAX_DAYS = 731;

/**
 * GET /api/admin/overview (and .csv): `days` = the last 7, 30 or 90 days up to today (UTC), or a custom
 * `from`..`to` (both inclusive). A custom range wins when both are given.
 */
export const overviewQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((d) => (OVERVIEW_PRESET_DAYS as readonly number[]).includes(d), 'Choose 7, 30 or 90 days')
      .optional(),
    from: dayStringSchema.optional(),
    to: dayStringSchema.optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'A custom range needs both from and to',
    path: ['to'],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < OVERVIEW_MAX_DAYS,
    { message: `A range spans at most ${OVERVIEW_MAX_DAYS} days`, path: ['to'] },
  );
export type OverviewQuery = z.input<typeof overviewQuerySchema>;

/** Which chart a series belongs to. */
export const overviewGroups = ['users', 'messages', 'tokens', 'subscriptions', 'revenue', 'replies'] as const;
export const overviewGroupSchema = z.enum(overviewGroups);
export type OverviewGroup = z.infer<typeof overviewGroupSchema>;

/**
 * One daily series: `values[i]` belongs to `days[i]` of the answer. `key` is stable (CSV column, test
 * ids): `messages`, `messages.model.<name>`, `messages.plan.<level>`, `tokens…`, `sign-ups`,
 * `daily-active-users`, `weekly-active-users`, `new-subscriptions`, `cancellations`, `mrr-usd`,
 * `churn-percent`, `replies-interrupted`, `replies-failed`.
 */
export const overviewSeriesSchema = z.object({
  key: z.string().min(1),
  label: z.string().min(1),
  group: overviewGroupSchema,
  unit: z.enum(['count', 'usd', 'percent']),
  values: z.array(z.number()),
});
export type OverviewSeries = z.infer<typeof overviewSeriesSchema>;

export const overviewResponseSchema = z.object({
  from: dayStringSchema,
  to: dayStringSchema,
  days: z.array(dayStringSchema),
  series: z.array(overviewSeriesSchema),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

/** The CSV of an overview: a `day` column, then one column per series key (RFC 4180 quoting). */
export function overviewToCsv(o: OverviewResponse): string {
  // A leading = + - @ would run as a formula in a spreadsheet: such a name is written as text.
  const quote = (raw: string) => {
    const v = /^[=+\-@]/.test(raw) ? `'${raw}` : raw;
    return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  };
  const header = ['day', ...o.series.map((s) => s.key)].map(quote).join(',');
  const rows = o.days.map((day, i) => [day, ...o.series.map((s) => String(s.values[i] ?? 0))].join(','));
  return [header, ...rows].join('\r\n') + '\r\n';
}
