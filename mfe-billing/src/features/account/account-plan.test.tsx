import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentConfig, SubscriptionStatus } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { sampleUser } from '@noek/contracts/testing/sample-user';
import { createQueryClient } from '@noek/ui/query';
import { billingKeys } from '../subscription/query-keys';
import { AccountPlan } from './account-plan';

const config: PaymentConfig = {
  mode: 'simulated',
  publishableKey: null,
  priceAmount: 3000,
  currency: 'usd',
  interval: 'month',
};
// What billing answers after a declined first payment: the subscription waits for a payment.
const declinedFirstPayment: SubscriptionStatus = {
  isActive: false,
  plan: 'basic',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  status: 'incomplete',
};

function mount(lastDecline?: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.startsWith('/api/subscription/status') ? declinedFirstPayment : config;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  // The shell's one client: the payment form left the decline in it (subscription-screen.tsx).
  const client = createQueryClient();
  if (lastDecline) client.setQueryData(billingKeys.lastDecline, lastDecline);
  render(
    <QueryClientProvider client={client}>
      <AccountPlan user={sampleUser({ accessLevel: 'basic' })} host={spyHostApi(() => vi.fn())} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('account screen after a payment that did not go through', () => {
  it('names a declined card plainly, with what it means and what to do', async () => {
    mount('Your card was declined.');
    expect((await screen.findByTestId('plan-status')).textContent).toBe('Payment declined');
    const notice = screen.getByTestId('plan-payment-problem').textContent;
    expect(notice).toContain('Your payment was declined: Your card was declined.');
    expect(notice).toContain('You are still on Basic and nothing was charged.');
    expect(notice).toContain('pay with another card');
    expect(screen.getByTestId('plan-name').textContent).toBe('Basic');
    expect(screen.getByRole('button', { name: 'Upgrade to SuperNoek' })).toBeTruthy();
    expect(screen.queryByText(/Awaiting payment/)).toBeNull();
  });

  it('after a reload (the decline not known here) it still says the payment did not go through', async () => {
    mount();
    expect((await screen.findByTestId('plan-status')).textContent).toBe('Payment not completed');
    expect(screen.getByTestId('plan-payment-problem').textContent).toContain(
      'the card was declined, or the payment was not finished',
    );
  });
});
