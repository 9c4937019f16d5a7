import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionStatus } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { sampleUser } from '@noek/contracts/testing/sample-user';
import { createQueryClient } from '@noek/ui/query';
import { activeStatus, stubBillingFetch } from '../../test/billing-fixtures';
import { SuccessScreen } from './success-screen';

const incomplete: SubscriptionStatus = { ...activeStatus, isActive: false, status: 'incomplete' };
const supernoek = sampleUser({ accessLevel: 'supernoek' });

/** /success with `search`; billing answers `status()` each time it is asked, auth the upgraded user. */
function mount(search: string, status: () => SubscriptionStatus) {
  window.history.replaceState(null, '', `/success${search}`);
  const calls = stubBillingFetch((c) =>
    c.path === '/api/subscription/status'
      ? { body: status() }
      : c.path === '/api/auth/me'
        ? { body: { user: supernoek } }
        : undefined,
  );
  const host = spyHostApi(() => vi.fn());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SuccessScreen host={host} />
    </QueryClientProvider>,
  );
  return { host, calls };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('success screen (spec §2)', () => {
  it('waits for the webhook, polling each second, then welcomes once and refreshes the user', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = incomplete;
    const { host, calls } = mount('?redirect_status=succeeded', () => current);
    await screen.findByTestId('success-waiting');
    expect(host.toast).not.toHaveBeenCalled();
    current = activeStatus;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await screen.findByRole('heading', { name: 'Welcome to SuperNoek!' });
    await waitFor(() => expect(host.setUser).toHaveBeenCalledWith(supernoek));
    expect(host.toast).toHaveBeenCalledTimes(1);
    expect(host.toast).toHaveBeenCalledWith({
      title: 'Welcome to SuperNoek!',
      description: 'Your SuperNoek plan is active.',
    });
    expect(calls.filter((c) => c.path === '/api/subscription/status').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByTestId('start-chatting'));
    expect(host.setView).toHaveBeenCalledWith('chat');
    expect(host.navigate).toHaveBeenCalledWith('/');
  });

  it('a failed redirect says nothing was taken, offers to try again and does not poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { host, calls } = mount('?redirect_status=failed', () => incomplete);
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('Your payment was not completed. No money was taken.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(host.navigate).toHaveBeenCalledWith('/subscribe');
    await waitFor(() => expect(calls.length).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(calls.length).toBe(1);
    expect(host.toast).not.toHaveBeenCalled();
  });
});
