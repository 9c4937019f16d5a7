import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionStatus, User } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { sampleUser } from '@noek/contracts/testing/sample-user';
import { createQueryClient } from '@noek/ui/query';
import { activeStatus, simulatedConfig, stubBillingFetch, type Call } from '../../test/billing-fixtures';
import { AccountPlan } from './account-plan';

const cancelling: SubscriptionStatus = { ...activeStatus, cancelAtPeriodEnd: true };

/** The account screen's plan section on the shell's one client, the API answering `answer`. */
function mount(opts: {
  user?: User;
  answer: (call: Call) => { status?: number; body?: unknown } | undefined;
}) {
  const calls = stubBillingFetch(
    (c) => opts.answer(c) ?? (c.path === '/api/payment/config' ? { body: simulatedConfig } : undefined),
  );
  const host = spyHostApi(() => vi.fn());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccountPlan user={opts.user ?? sampleUser({ accessLevel: 'supernoek' })} host={host} />
    </QueryClientProvider>,
  );
  const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.path);
  return { host, posts };
}

const status = (s: SubscriptionStatus) => (c: Call) =>
  c.path === '/api/subscription/status' ? { body: s } : undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('account screen: cancel and reactivate (spec §2, §8)', () => {
  it('cancel asks first, in a dialog that says until when the plan stays', async () => {
    const { posts } = mount({ answer: status(activeStatus) });
    fireEvent.click(await screen.findByTestId('cancel-subscription'));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel subscription' });
    expect(dialog.textContent).toContain('Cancel SuperNoek? You keep it until');
    expect(dialog.textContent).toContain('and it will not renew.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep SuperNoek' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('a confirmed cancel shows the answered status at once and the toast', async () => {
    const { host, posts } = mount({
      answer: (c) => (c.path === '/api/subscription/cancel' ? { body: cancelling } : status(activeStatus)(c)),
    });
    fireEvent.click(await screen.findByTestId('cancel-subscription'));
    fireEvent.click(screen.getByTestId('confirm-cancel-yes'));
    await screen.findByTestId('reactivate-subscription');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('plan-next-billing').previousElementSibling?.textContent).toBe('Access until');
    expect(posts()).toEqual(['/api/subscription/cancel']);
    expect(host.toast).toHaveBeenCalledWith({
      title: 'Subscription Cancelled',
      description: 'It ends at the end of the current billing period.',
    });
  });

  it('a failed cancel is the spec toast and the plan is unchanged', async () => {
    const { host } = mount({ answer: status(activeStatus) });
    fireEvent.click(await screen.findByTestId('cancel-subscription'));
    fireEvent.click(screen.getByTestId('confirm-cancel-yes'));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Failed to cancel subscription. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByTestId('plan-name').textContent).toBe('SuperNoek');
    expect(screen.getByTestId('plan-next-billing').previousElementSibling?.textContent).toBe(
      'Next billing date',
    );
  });

  it('reactivate renews the plan, or says it failed', async () => {
    const ok = mount({
      answer: (c) =>
        c.path === '/api/subscription/reactivate' ? { body: activeStatus } : status(cancelling)(c),
    });
    fireEvent.click(await screen.findByTestId('reactivate-subscription'));
    await screen.findByTestId('cancel-subscription');
    expect(ok.host.toast).toHaveBeenCalledWith({
      title: 'Subscription Reactivated',
      description: 'Your SuperNoek plan will renew.',
    });
    cleanup();
    const failing = mount({ answer: status(cancelling) });
    fireEvent.click(await screen.findByTestId('reactivate-subscription'));
    await waitFor(() =>
      expect(failing.host.toast).toHaveBeenCalledWith({
        title: 'Failed to reactivate subscription. Please try again.',
        variant: 'destructive',
      }),
    );
  });
});

describe('account screen: what the plan is', () => {
  it('a plan granted by an administrator says so, with nothing to cancel or buy', async () => {
    mount({ answer: status({ ...activeStatus, isActive: false, plan: 'basic', status: 'none' }) });
    expect((await screen.findByTestId('plan-price')).textContent).toBe('Granted by an administrator');
    expect(screen.getByTestId('plan-name').textContent).toBe('SuperNoek');
    expect(screen.queryByTestId('cancel-subscription')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade to SuperNoek' })).toBeNull();
  });

  it('when billing cannot be reached it says so, and still offers the upgrade to a basic user', async () => {
    const { host } = mount({ user: sampleUser({ accessLevel: 'basic' }), answer: () => undefined });
    await screen.findByText('Unable to connect to payment system. Please try again.');
    expect(screen.getByTestId('plan-name').textContent).toBe('Basic');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to SuperNoek' }));
    expect(host.setView).toHaveBeenCalledWith('subscription');
  });
});
