import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OverviewSeries } from '@noek/contracts';
import { OverviewCard } from './overview-card';

afterEach(cleanup);

const days = ['2026-01-05', '2026-01-06'];
const line = (key: string, values: number[], unit: OverviewSeries['unit'] = 'count'): OverviewSeries => ({
  key,
  label: key,
  group: 'messages',
  unit,
  values,
});

describe('an overview card', () => {
  it('headlines the total of its first counted series, and swaps the chart for a table and back', async () => {
    render(
      <OverviewCard
        title="Messages"
        days={days}
        series={[line('Messages', [1000, 500]), line('m:a', [1, 2])]}
      />,
    );
    const card = screen.getByRole('region', { name: 'Messages' });
    expect(card.textContent).toContain('Messages: 1,500 in this range');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show table' }));
    expect(screen.getByRole('table')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('prints no total for money or percentages (a sum of MRR days means nothing)', () => {
    render(<OverviewCard title="Revenue" days={days} series={[line('MRR (USD)', [30, 30], 'usd')]} />);
    expect(screen.getByRole('region', { name: 'Revenue' }).textContent).not.toContain('in this range');
  });

  it('the table view holds every series, also those the chart leaves out', () => {
    const many = Array.from({ length: 8 }, (_, i) => line(`model-${i}`, [i, i]));
    render(<OverviewCard title="Messages" days={days} series={many} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show table' }));
    const headers = [...screen.getByRole('table').querySelectorAll('thead th')].map((th) => th.textContent);
    for (const s of many) expect(headers).toContain(s.label);
  });
});
