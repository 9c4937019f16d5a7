import { lazy, Suspense, useState } from 'react';
import type { OverviewSeries } from '@noek/contracts';
import { OverviewTable } from './overview-table';

// The chart library is its own chunk, fetched only when the overview draws its first chart.
const OverviewChart = lazy(() => import('./overview-chart'));

/** Splits (per model, per plan) first shown as a table: a chart of twenty lines helps nobody. */
const MAX_LINES = 6;

/** One group of series: a chart, or its table view (always available, for screen readers too). */
export function OverviewCard({
  title,
  days,
  series,
}: {
  title: string;
  days: string[];
  series: OverviewSeries[];
}) {
  const [asTable, setAsTable] = useState(false);
  const drawn = series.slice(0, MAX_LINES);
  const total = (s: OverviewSeries) => s.values.reduce((a, b) => a + b, 0);
  const headline = series[0];
  return (
    <section className="overview__card" aria-label={title} data-testid={`overview-card-${series[0]?.group}`}>
      <header className="overview__card-header">
        <h2>{title}</h2>
        <button type="button" className="noek-btn noek-btn-ghost" onClick={() => setAsTable((v) => !v)}>
          {asTable ? 'Show chart' : 'Show table'}
        </button>
      </header>
      {headline && headline.unit === 'count' && (
        <p className="noek-muted">
          {headline.label}: {total(headline).toLocaleString('en')} in this range
        </p>
      )}
      {asTable ? (
        <OverviewTable title={title} days={days} series={series} />
      ) : (
        <Suspense fallback={<p className="noek-muted">Loading chart…</p>}>
          <OverviewChart days={days} series={drawn} />
        </Suspense>
      )}
    </section>
  );
}
