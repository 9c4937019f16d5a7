import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OverviewTable } from './overview-table';

afterEach(cleanup);

describe('overview table (the chart as a table)', () => {
  it('has a row per day and a column per series, with a caption for screen readers', () => {
    render(
      <OverviewTable
        title="Users"
        days={['2026-01-05', '2026-01-06']}
        series={[
          { key: 'sign-ups', label: 'Sign-ups', group: 'users', unit: 'count', values: [2, 1200] },
          {
            key: 'daily-active-users',
            label: 'Daily active users',
            group: 'users',
            unit: 'count',
            values: [3, 4],
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Day',
      'Sign-ups',
      'Daily active users',
    ]);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['2026-01-05', '2', '3'],
      ['2026-01-06', '1,200', '4'],
    ]);
  });
});
