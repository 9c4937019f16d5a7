import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPlanSettings } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { createQueryClient } from '@noek/ui/query';
import { stubAdminFetch, type Call } from '../../test/admin-fixtures';
import { PlansScreen } from './plans-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plans = defaultPlanSettings();
const basic = plans.find((p) => p.level === 'basic')!;

function mount(answer: (call: Call) => { status?: number; body?: unknown } | undefined) {
  const calls = stubAdminFetch(answer);
  const host = spyHostApi(() => vi.fn());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PlansScreen host={host} />
    </QueryClientProvider>,
  );
  return { calls, host };
}
const listing = (c: Call) =>
  c.path === '/api/admin/plans'
    ? { body: { plans } }
    : c.path === '/api/admin/settings/sharing'
      ? { body: { sharing: { enabled: null, updatedAt: null } } }
      : undefined;

describe('plans screen', () => {
  it('says it is loading, then shows a form per plan', async () => {
    mount(listing);
    expect(screen.getByText('Loading the plans…')).toBeTruthy();
    await screen.findByTestId('admin-plans');
    expect(screen.queryByText('Loading the plans…')).toBeNull();
    for (const p of plans) expect(screen.getByRole('button', { name: `Save ${p.level}` })).toBeTruthy();
  });

  it('a failed load is an alert in the page', async () => {
    mount((c) => (c.path === '/api/admin/plans' ? { status: 503 } : listing(c)));
    expect((await screen.findByRole('alert')).textContent).toContain('The plans could not be loaded');
  });

  it("a refused save is the Error toast with the server's message", async () => {
    const { host } = mount((c) =>
      c.method === 'PATCH'
        ? { status: 400, body: { code: 'VALIDATION_ERROR', message: 'Unknown model: nope' } }
        : listing(c),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save basic' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Unknown model: nope',
        variant: 'destructive',
      }),
    );
  });

  it('a saved plan is the Plan Updated toast, and the plans are read again', async () => {
    const { host, calls } = mount((c) =>
      c.method === 'PATCH'
        ? { body: { plan: { ...basic, updatedAt: new Date().toISOString() } } }
        : listing(c),
    );
    const save = await screen.findByRole('button', { name: 'Save basic' });
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/plans').length;
    const before = reads();
    fireEvent.click(save);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Plan Updated',
        description: "The basic plan's limits apply now.",
      }),
    );
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});
