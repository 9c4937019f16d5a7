import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { overviewGroups, type OverviewGroup } from '@noek/contracts';
import { FeedbackCard } from './feedback-card';
import { OverviewCard } from './overview-card';
import { overviewApi, type OverviewRange } from './overview-api';
import './overview.css';

const titles: Record<OverviewGroup, string> = {
  users: 'Users',
  messages: 'Messages',
  tokens: 'Tokens',
  subscriptions: 'Subscriptions',
  revenue: 'Revenue',
  replies: 'Replies',
};
const presets = [7, 30, 90] as const;
const today = () => new Date().toISOString().slice(0, 10);

/** The admin dashboard's first screen: how it is going, for 7/30/90 days or a custom range. */
export default function OverviewScreen() {
  const [range, setRange] = useState<OverviewRange>({ days: 30 });
  const [custom, setCustom] = useState({ from: '', to: today() });
  // The previous range stays on screen while the next loads: charts and open tables keep their place.
  const overview = useQuery({
    queryKey: ['admin', 'overview', range],
    queryFn: () => overviewApi.get(range),
    placeholderData: keepPreviousData,
  });
  const customValid = custom.from !== '' && custom.to !== '' && custom.from <= custom.to;
  return (
    <div className="overview" data-testid="admin-overview">
      <div className="overview__controls noek-row" role="group" aria-label="Range">
        {presets.map((days) => (
          <button
            key={days}
            type="button"
            className={`noek-btn ${'days' in range && range.days === days ? '' : 'noek-btn-outline'}`}
            aria-pressed={'days' in range && range.days === days}
            onClick={() => setRange({ days })}
          >
            {days} days
          </button>
        ))}
        <label>
          From{' '}
          <input
            type="date"
            value={custom.from}
            onChange={(e) => setCustom({ ...custom, from: e.target.value })}
          />
        </label>
        <label>
          To{' '}
          <input
            type="date"
            value={custom.to}
            onChange={(e) => setCustom({ ...custom, to: e.target.value })}
          />
        </label>
        <button
          type="button"
          className="noek-btn noek-btn-outline"
          disabled={!customValid}
          onClick={() => setRange({ from: custom.from, to: custom.to })}
        >
          Show range
        </button>
        <a
          className="noek-btn noek-btn-outline"
          href={overviewApi.csvUrl(range)}
          download
          data-testid="overview-csv"
        >
          Download CSV
        </a>
      </div>
      {overview.isError ? (
        <p className="noek-muted" role="alert">
          The overview could not be loaded: {overview.error.message}
        </p>
      ) : !overview.data ? (
        <p className="noek-muted">Loading the overview…</p>
      ) : (
        <>
          <p className="noek-muted" data-testid="overview-range">
            {overview.data.from} to {overview.data.to} (UTC days)
          </p>
          <div className="overview__grid">
            {overviewGroups.map((group) => {
              const series = overview.data.series.filter((s) => s.group === group);
              return series.length === 0 ? null : (
                <OverviewCard key={group} title={titles[group]} days={overview.data.days} series={series} />
              );
            })}
            <FeedbackCard />
          </div>
        </>
      )}
    </div>
  );
}
