import type { overviewQuerySchema } from '@noek/contracts';
import { type OverviewResponse } from '@noek/contracts';
import type { z } from 'zod';
import type { AdminContext } from '../../context';
import { addDays, buildOverview, mondayOf } from './build-overview';
import { utcDay } from './overview-counters';

export const DEFAULT_OVERVIEW_DAYS = 30;

/** The overview of the last N days up to today (UTC), or of a custom range. */
export async function getOverview(
  ctx: Pick<AdminContext, 'overview' | 'now'>,
  query: z.output<typeof overviewQuerySchema>,
): Promise<OverviewResponse> {
  const to = query.to ?? utcDay(ctx.now());
  const from = query.from ?? addDays(to, -((query.days ?? DEFAULT_OVERVIEW_DAYS) - 1));
  const { series, levels } = await ctx.overview.range(mondayOf(from), to, from);
  return buildOverview(from, to, series, levels);
}
