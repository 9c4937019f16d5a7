import { Prisma } from '../../generated/prisma/client';
import type { AdminDb, AdminTx } from '../../database';

/** One addition to a daily bucket: `dimension` is '' for the total, `model:<name>` or `plan:<level>`. */
export type CounterDelta = { metric: string; dimension: string; value: number };

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export function utcDay(at: string | Date): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** What one event adds to the counters: its buckets' deltas on its day, and the user it shows active. */
export type CounterFold = {
  eventId: string;
  day: string;
  deltas: CounterDelta[];
  activeUserId: string | null;
};

/**
 * ONE statement folds a batch of events: it records their ids (a redelivered one inserts nothing, so it
 * adds nothing), counts each user active for the day and the week at their first activity there, and adds
 * the deltas, summed per bucket, to the days' buckets. One round trip per batch is what lets folding keep
 * up with 1,000 events/s. Each fold's deltas must name each (metric, dimension) once.
 */
export async function foldCounters(
  db: AdminDb | AdminTx,
  consumer: string,
  folds: CounterFold[],
): Promise<void> {
  if (folds.length === 0) return;
  await db.$executeRaw(Prisma.sql`
    WITH input AS (
      SELECT DISTINCT ON (j."eventId") j."eventId", j.day, j."activeUserId", j.deltas
      FROM jsonb_to_recordset(${JSON.stringify(folds)}::jsonb)
        AS j("eventId" text, day date, "activeUserId" uuid, deltas jsonb)
      ORDER BY j."eventId"
    ), fresh AS (
      INSERT INTO "processed_events" ("consumer", "eventId") SELECT ${consumer}, "eventId" FROM input
      ON CONFLICT DO NOTHING RETURNING "eventId"
    ), folded AS (
      SELECT input.* FROM input JOIN fresh USING ("eventId")
    ), daily AS (
      INSERT INTO "overview_daily_activity" ("day", "userId")
      SELECT DISTINCT day, "activeUserId" FROM folded WHERE "activeUserId" IS NOT NULL
      ON CONFLICT DO NOTHING RETURNING "day"
    ), first_in_week AS (
      SELECT DISTINCT ON (week, "activeUserId") date_trunc('week', day)::date AS week, "activeUserId", day
      FROM folded WHERE "activeUserId" IS NOT NULL ORDER BY week, "activeUserId", day
    ), weekly AS (
      INSERT INTO "overview_weekly_activity" ("week", "userId")
      SELECT week, "activeUserId" FROM first_in_week
      ON CONFLICT DO NOTHING RETURNING "week", "userId" AS "activeUserId"
    )
    INSERT INTO "overview_counters" ("day", "metric", "dimension", "value")
    SELECT t.day, t.metric, t.dimension, SUM(t.value) FROM (
      SELECT folded.day, d.metric, d.dimension, d.value
      FROM folded, jsonb_to_recordset(folded.deltas) AS d(metric text, dimension text, value bigint)
      UNION ALL SELECT day, 'daily-active-users', '', 1 FROM daily
      UNION ALL SELECT f.day, 'weekly-active-users', '', 1 FROM weekly JOIN first_in_week f USING (week, "activeUserId")
    ) t
    GROUP BY t.day, t.metric, t.dimension
    ON CONFLICT ("day", "metric", "dimension")
    DO UPDATE SET "value" = "overview_counters"."value" + EXCLUDED."value"`);
}

/** Records an event id inside a transaction: false if it was folded before. */
export async function markFolded(tx: AdminTx, consumer: string, eventId: string): Promise<boolean> {
  const inserted = await tx.$executeRaw(Prisma.sql`
    INSERT INTO "processed_events" ("consumer", "eventId") VALUES (${consumer}, ${eventId})
    ON CONFLICT DO NOTHING`);
  return inserted === 1;
}

/** Adds deltas inside a transaction that already recorded the event (consumeOnce). */
export async function addCounters(tx: AdminTx, day: string, deltas: CounterDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO "overview_counters" ("day", "metric", "dimension", "value")
    SELECT ${day}::date, j.metric, j.dimension, j.value
    FROM jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb) AS j(metric text, dimension text, value bigint)
    ON CONFLICT ("day", "metric", "dimension")
    DO UPDATE SET "value" = "overview_counters"."value" + EXCLUDED."value"`);
}

/** A total plus its split by model and by plan (level), each named once. */
export function splitDeltas(metric: string, value: number, model: string, plan: string): CounterDelta[] {
  return [
    { metric, dimension: '', value },
    { metric, dimension: `model:${model}`, value },
    { metric, dimension: `plan:${plan}`, value },
  ];
}
