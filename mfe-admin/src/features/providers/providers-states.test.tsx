import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProvider } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { createQueryClient } from '@noek/ui/query';
import { stubAdminFetch, type Call } from '../../test/admin-fixtures';
import { ProvidersScreen } from './providers-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lab: AdminProvider = {
  id: 'lab',
  name: 'GPU lab',
  source: 'stored',
  baseUrl: 'http://gpu-1:8000/v1',
  apiKey: { set: false, last4: null },
  models: [],
  enabled: true,
  health: 'up',
  checkedAt: null,
  modelCount: 3,
};

function mount(answer: (call: Call) => { status?: number; body?: unknown } | undefined) {
  const calls = stubAdminFetch(answer);
  const host = spyHostApi(() => vi.fn());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProvidersScreen host={host} />
    </QueryClientProvider>,
  );
  return { calls, host };
}

describe('Providers tab: loading, empty, failures', () => {
  it('says it is loading, then that there is no provider yet (replies come from the offline responder)', async () => {
    mount(() => ({ body: { providers: [] } }));
    expect(screen.getByText('Loading the providers…')).toBeTruthy();
    expect(await screen.findByText('No provider yet: replies come from the offline responder.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Provider' })).toBeTruthy();
  });

  it('a failed load is an alert in the page', async () => {
    mount(() => ({ status: 503 }));
    expect((await screen.findByRole('alert')).textContent).toContain('The providers could not be loaded');
  });

  it('Disable sends enabled false and reads the list again; no key reads None, no check a dash', async () => {
    let enabled = true;
    const { calls } = mount((c) => {
      if (c.method === 'PATCH') {
        enabled = (c.body as { enabled: boolean }).enabled;
        return { body: { provider: { ...lab, enabled } } };
      }
      return { body: { providers: [{ ...lab, enabled }] } };
    });
    const row = await screen.findByTestId('provider-lab');
    expect(within(row).getByText('None')).toBeTruthy();
    expect(within(row).getByText('—')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('provider-lab')).getByRole('button', { name: 'Enable' })).toBeTruthy(),
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/admin/providers/lab', body: { enabled: false } },
    ]);
  });

  it("a refused change is the Error toast with the server's message; the row stays as it was", async () => {
    const { host } = mount((c) =>
      c.method === 'PATCH'
        ? { status: 409, body: { code: 'CONFLICT', message: 'The provider is being checked.' } }
        : { body: { providers: [lab] } },
    );
    const row = await screen.findByTestId('provider-lab');
    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'The provider is being checked.',
        variant: 'destructive',
      }),
    );
    expect(within(screen.getByTestId('provider-lab')).getByRole('button', { name: 'Disable' })).toBeTruthy();
  });
});
