import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OverviewResponse } from '@noek/contracts';
import { createQueryClient } from '@noek/ui/query';
import OverviewScreen from './overview-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The overview of `from`..`to` with one series in two groups (users, messages). */
function overviewOf(from: string, to: string): OverviewResponse {
  const days = [from, to];
  return {
    from,
    to,
    days,
    series: [
      { key: 'sign-ups', label: 'Sign-ups', group: 'users', unit: 'count', values: [1200, 34] },
      { key: 'messages', label: 'Messages', group: 'messages', unit: 'count', values: [5, 6] },
    ],
  };
}

/** Where each preset's range ends in these answers (the server decides; the screen shows it). */
const presetEnd: Record<string, string> = { '7': '2026-01-07', '30': '2026-01-30', '90': '2026-03-31' };

/** The admin API at the network edge: overview reads are recorded by their query, feedback is empty. */
function stubOverview(status = 200) {
  const queries: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const json = (body: unknown, s = 200) =>
        new Response(JSON.stringify(body), { status: s, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/admin/feedback') return json([]);
      const q = Object.fromEntries(url.searchParams);
      queries.push(q);
      if (status !== 200) return json({ code: 'INTERNAL', message: 'Something went wrong' }, status);
      return json(q.from ? overviewOf(q.from, q.to!) : overviewOf('2026-01-01', presetEnd[q.days!]!));
    }),
  );
  return queries;
}

function mount() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OverviewScreen />
    </QueryClientProvider>,
  );
}
// The screen's first render loads the chart library's chunk: slow on a busy machine.
const eventually = (check: () => void) => waitFor(check, { timeout: 5_000 });
const preset = (days: number) => screen.getByRole('button', { name: `${days} days` });
const range = () => screen.getByTestId('overview-range').textContent;
const csv = () => screen.getByTestId('overview-csv').getAttribute('href');

describe('admin overview screen', () => {
  it('loads the last 30 days first, then a card per group with its total over the range', async () => {
    const queries = stubOverview();
    mount();
    expect(screen.getByText('Loading the overview…')).toBeTruthy();
    await eventually(() => expect(range()).toBe('2026-01-01 to 2026-01-30 (UTC days)'));
    expect(queries[0]).toEqual({ days: '30' });
    expect(preset(30).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: 'Users' }).textContent).toContain(
      'Sign-ups: 1,234 in this range',
    );
    expect(screen.getByRole('region', { name: 'Messages' })).toBeTruthy();
    // No series of the group: no card.
    expect(screen.queryByRole('region', { name: 'Revenue' })).toBeNull();
    expect(csv()).toBe('/api/admin/overview.csv?days=30');
  });

  it('a preset asks for its days and the CSV link follows the range', async () => {
    const queries = stubOverview();
    mount();
    await eventually(() => expect(range()).toContain('2026-01-30'));
    fireEvent.click(preset(7));
    await eventually(() => expect(range()).toBe('2026-01-01 to 2026-01-07 (UTC days)'));
    expect(queries.at(-1)).toEqual({ days: '7' });
    expect(preset(7).getAttribute('aria-pressed')).toBe('true');
    expect(preset(30).getAttribute('aria-pressed')).toBe('false');
    expect(csv()).toBe('/api/admin/overview.csv?days=7');
  });

  it('a custom range needs a start not after its end', async () => {
    const queries = stubOverview();
    mount();
    await eventually(() => expect(range()).toContain('2026-01-30'));
    const show = screen.getByRole('button', { name: 'Show range' }) as HTMLButtonElement;
    expect(show.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-10' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-11' } });
    expect(show.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    expect(show.disabled).toBe(false);
    fireEvent.click(show);
    await eventually(() => expect(range()).toBe('2026-02-01 to 2026-02-10 (UTC days)'));
    expect(queries.at(-1)).toEqual({ from: '2026-02-01', to: '2026-02-10' });
    expect(csv()).toBe('/api/admin/overview.csv?from=2026-02-01&to=2026-02-10');
    expect(preset(30).getAttribute('aria-pressed')).toBe('false');
  });

  it('a failed load says so in the page (an alert), not a blank screen', async () => {
    stubOverview(500);
    mount();
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toContain('The overview could not be loaded');
    expect(screen.queryByText('Loading the overview…')).toBeNull();
  });
});
