import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBillingFetch, type Call } from '../../test/billing-fixtures';
import { TestCardForm } from './test-card-form';

type Answer = { status?: number; body?: unknown } | undefined;

function mount(answer: (call: Call) => Answer) {
  const calls = stubBillingFetch(answer);
  const onPaid = vi.fn();
  const onFailed = vi.fn();
  render(
    <TestCardForm clientSecret="pi_1_secret_2" priceLabel="$30.00" onPaid={onPaid} onFailed={onFailed} />,
  );
  return { calls, onPaid, onFailed };
}

function pay(card: string, expiry = '12/34') {
  fireEvent.change(screen.getByTestId('card-number'), { target: { value: card } });
  fireEvent.change(screen.getByTestId('card-expiry'), { target: { value: expiry } });
  fireEvent.change(screen.getByTestId('card-cvc'), { target: { value: '123' } });
  fireEvent.click(screen.getByTestId('pay'));
}

const declined = { status: 402, body: { code: 'PAYMENT_FAILED', message: 'Your card was declined.' } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('test-mode card form', () => {
  it('a good card pays at once', async () => {
    const { calls, onPaid } = mount(() => ({ body: { status: 'succeeded' } }));
    pay('4242 4242 4242 4242');
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.path)).toEqual(['/api/payment/test-card']);
  });

  it("a declined card shows the provider's message and reports it", async () => {
    const { onFailed, onPaid } = mount(() => declined);
    pay('4000 0000 0000 0002');
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Your card was declined.');
    expect(onFailed).toHaveBeenCalledWith('Your card was declined.');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('an expiry that is not MM/YY is refused before any call', () => {
    const { calls } = mount(() => undefined);
    pay('4242 4242 4242 4242', '13/34');
    expect(screen.getByTestId('payment-error').textContent).toBe('Enter the expiry date as MM/YY.');
    expect(calls).toEqual([]);
  });

  it('a card that asks for authentication opens the bank step; completing it pays', async () => {
    const { calls, onPaid } = mount((c) =>
      c.path === '/api/payment/test-card'
        ? { body: { status: 'requires_action' } }
        : { body: { status: 'succeeded' } },
    );
    pay('4000 0025 0000 3155');
    const step = await screen.findByRole('alertdialog', { name: 'Simulated authentication' });
    expect(step.textContent).toContain('Test mode — no real payment');
    const complete = within(step).getByRole('button', { name: 'Complete authentication' });
    expect(document.activeElement).toBe(complete);
    fireEvent.click(complete);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.path)).toEqual([
      '/api/payment/test-card',
      '/api/payment/test-card/authenticate',
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('failing the bank step (or Escape) is a failed payment with its message', async () => {
    const { onFailed, onPaid } = mount((c) =>
      c.path === '/api/payment/test-card' ? { body: { status: 'requires_action' } } : declined,
    );
    pay('4000 0025 0000 3155');
    await screen.findByRole('alertdialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('Your card was declined.'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('payment-error').textContent).toBe('Your card was declined.');
    expect(onPaid).not.toHaveBeenCalled();
  });
});
