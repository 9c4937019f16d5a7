import type Stripe from 'stripe';
import type { TestCardPayResponse } from '@noek/contracts';
import type { BillingContext } from '../../context';
import { callProvider, PaymentNotWaitingError } from '../payments/payments';
import { outcomeOf, ownIntent } from './pay-with-test-card';

/**
 * POST /api/payment/test-card/authenticate: the simulated authentication step (3-D Secure) a card such as
 * 4000 0025 0000 3155 asks for. The customer completes or fails it; the simulator then settles or declines.
 */
export async function authenticateTestCard(
  ctx: BillingContext,
  userId: string,
  input: { clientSecret: string; succeed: boolean },
): Promise<TestCardPayResponse> {
  const { p, intent } = await ownIntent(ctx, userId, input.clientSecret);
  const after = await callProvider(async () => {
    // The simulator's own control (Stripe has no API for it: there, the bank's page does this).
    if (!p.simulator) throw new Error('the simulated authentication step needs the payment simulator');
    const res = await fetch(`${p.simulator.url}/_simulator/payment_intents/${intent.id}/authenticate`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${p.simulator.key}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ succeed: String(input.succeed) }),
    });
    // 4xx: the payment is not waiting for authentication (already settled, or never asked for it).
    if (res.status >= 400 && res.status < 500) throw new PaymentNotWaitingError();
    if (!res.ok) throw new Error(`simulator answered ${res.status}`);
    return (await res.json()) as Stripe.PaymentIntent;
  });
  return outcomeOf(after);
}
