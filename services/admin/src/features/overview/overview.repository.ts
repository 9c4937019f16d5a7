import { Prisma } from '../../generated/prisma/client';
import type { AdminDbOrTx } from '../../database';

/**
 * Each bucket's values day by day from the first day asked for (0 where nothing was counted), keyed
 * `metric` for a total and `metric|dimension` for a split.
 */
export type CounterSeries = Map<string, number[]>;

/** A range's series, and the cumulative metrics' totals before it (MRR, paying subscriptions). */
export type OverviewRange = { series: CounterSeries; levels: Record<string, number> };

/** Whole days from `from` to `to` (YYYY-MM-DD, UTC). */
export function dayOffset(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** Metrics whose running total is a level (MRR, paying subscriptions): they need what came before. */
export const cumulativeMetrics = ['mrr-change-cents', 'paying-change'] as const;

export function createOverviewRepository(db: AdminDbOrTx) {
  /**
   * Every bucket of the days `from`..`to` as day-by-day series (a few per day and model: the range is the
   * cost), and the cumulative metrics' levels before `levelsDay` (by the index on metric, dimension, day),
   * in ONE statement: one round trip, where each one waits for a core on a busy machine. The buckets come
   * as ONE JSON text holding per bucket its day offsets and values: a few kilobytes for JSON.parse, not
   * thousands of rows for the driver.
   */
  const range = async (from: string, to: string, levelsDay: string): Promise<OverviewRange> => {
    const [row] = await db.$queryRaw<{ buckets: string; levels: string }[]>(Prisma.sql`
      SELECT
        (SELECT COALESCE(json_object_agg(k, v), '{}')::text FROM (
           SELECT CASE WHEN "dimension" = '' THEN "metric" ELSE "metric" || '|' || "dimension" END AS k,
             json_build_array(json_agg("day" - ${from}::date), json_agg("value"::float8)) AS v
           FROM "overview_counters" WHERE "day" BETWEEN ${from}::date AND ${to}::date
           GROUP BY "metric", "dimension") t) AS "buckets",
        (SELECT COALESCE(json_object_agg("metric", "total"), '{}')::text FROM (
           SELECT "metric", SUM("value")::float8 AS "total" FROM "overview_counters"
           WHERE "day" < ${levelsDay}::date AND "dimension" = ''
             AND "metric" IN (${Prisma.join([...cumulativeMetrics])})
           GROUP BY "metric") l) AS "levels"`);
    const buckets = JSON.parse(row?.buckets ?? '{}') as Record<string, [number[], number[]]>;
    const length = dayOffset(from, to) + 1;
    const series: CounterSeries = new Map();
    for (const [key, [offsets, values]] of Object.entries(buckets)) {
      const daily = new Array<number>(length).fill(0);
      offsets.forEach((o, i) => (daily[o] = values[i]!));
      series.set(key, daily);
    }
    return { series, levels: JSON.parse(row?.levels ?? '{}') as Record<string, number> };
  };
  return {
    range,
    /** Every bucket of the days `from`..`to` (see range). */
    async counters(from: string, to: string): Promise<CounterSeries> {
      return (await range(from, to, from)).series;
    },
    /** Thumbs up and down per model that answered (the last vote on each reply), most rated first. */
    feedbackPerModel(): Promise<{ model: string; up: number; down: number }[]> {
      return db.$queryRaw(Prisma.sql`
        SELECT "model",
          (count(*) FILTER (WHERE "rating" = 'up'))::int AS "up",
          (count(*) FILTER (WHERE "rating" = 'down'))::int AS "down"
        FROM "overview_feedback_votes" WHERE "rating" IS NOT NULL
        GROUP BY "model" ORDER BY count(*) DESC, "model"`);
    },
  };
}
export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
