import { apiRoutes, type FeedbackCounts, type OverviewResponse } from '@noek/contracts';
import { api, apiUrl } from '@noek/ui';

/** A preset (last N days up to today, UTC) or a custom range of days (both inclusive). */
export type OverviewRange = { days: 7 | 30 | 90 } | { from: string; to: string };

const queryOf = (r: OverviewRange) => ('days' in r ? { days: r.days } : { from: r.from, to: r.to });

export const overviewApi = {
  get: (range: OverviewRange): Promise<OverviewResponse> =>
    api(apiRoutes.admin.overview, { query: queryOf(range) }),
  /** Thumbs up/down on replies per model (from chat's feedback events). */
  feedback: (): Promise<FeedbackCounts> => api(apiRoutes.admin.feedback),
  /** The same series as CSV: a plain link, so the browser downloads it with the session cookie. */
  csvUrl: (range: OverviewRange): string => apiUrl(apiRoutes.admin.overviewCsv, undefined, queryOf(range)),
};
