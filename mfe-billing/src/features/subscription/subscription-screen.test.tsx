import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@noek/ui/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentConfig, SubscriptionStatus, User } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { sampleUser } from '@noek/contracts/testing/sample-user';
import { SubscriptionScreen } from './subscription-screen';

const config: PaymentConfig = {
  mode: 'simulated',
  publishableKey: null,
  priceAmount: 3000,
  currency: 'usd',
  interval: 'month',
};
const inactive: SubscriptionStatus = {
  isActive: false,
  plan: 'basic',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  status: 'none',
};

/** Answers the two reads at the network edge, shaped by the contracts. */
function stubBilling(status: SubscriptionStatus) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.startsWith('/api/subscription/status') ? status : config;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function mount(user: User) {
  const host = spyHostApi(() => vi.fn());
  const client = createQueryClient(); // the shell's one client and its policy
  render(
    <QueryClientProvider client={client}>
      <SubscriptionScreen user={user} host={host} />
    </QueryClientProvider>,
  );
  return host;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('subscription screen', () => {
  it('has a heading and a way back to the chat, like the other views toggled in its place', async () => {
    stubBilling(inactive);
    const host = mount(sampleUser({ accessLevel: 'basic' }));
    await screen.findByTestId('plan-comparison');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Plans');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Chat' }));
    expect(host.setView).toHaveBeenCalledWith('chat');
    expect(host.navigate).toHaveBeenCalledWith('/');
  });

  it("calls Basic the current plan only for a basic user (an admin's level is not a plan)", async () => {
    stubBilling(inactive);
    mount(sampleUser({ accessLevel: 'basic' }));
    await screen.findByTestId('plan-comparison');
    expect(screen.queryByText('Your current plan')).not.toBeNull();
    cleanup();
    mount(sampleUser({ accessLevel: 'admin' }));
    await screen.findByTestId('plan-comparison');
    expect(screen.queryByText('Your current plan')).toBeNull();
  });

  it('an active plan shows its card, with one way back', async () => {
    stubBilling({
      isActive: true,
      plan: 'supernoek',
      currentPeriodEnd: '2031-01-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      status: 'active',
    });
    mount(sampleUser({ accessLevel: 'supernoek' }));
    await screen.findByTestId('active-plan');
    expect(screen.getAllByRole('button', { name: 'Back to Chat' })).toHaveLength(1);
  });
});
