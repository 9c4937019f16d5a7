import type Stripe from 'stripe';
import { errorCodes, type TestCardPayResponse } from '@noek/contracts';
import { NotFoundError } from '@noek/service-kit';
import type { BillingContext } from '../../context';
import {
  callProvider,
  paymentIntentIdOf,
  PaymentFailedError,
  requirePayments,
  type Payments,
} from '../payments/payments';

export interface TestCardInput {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Simulated payments only, and only the caller's own payment: anything else is 'not found'. */
export async function ownIntent(ctx: BillingContext, userId: string, clientSecret: string) {
  const p = requirePayments(ctx.payments);
  const notFound = new NotFoundError('No payment waiting with this reference.', errorCodes.notFound);
  if (p.mode !== 'simulated') throw notFound;
  const customer = await ctx.customers.findByUser(userId);
  if (!customer) throw notFound;
  const intent = await callProvider(() =>
    p.stripe.paymentIntents.retrieve(paymentIntentIdOf(clientSecret)),
  ).catch(() => {
    throw notFound;
  });
  if (intent.client_secret !== clientSecret || intent.customer !== customer.stripeCustomerId) throw notFound;
  return { p, intent };
}

export function outcomeOf(intent: Stripe.PaymentIntent): TestCardPayResponse {
  if (intent.status === 'succeeded') return { status: 'succeeded' };
  if (intent.status === 'requires_action') return { status: 'requires_action' };
  if (intent.status === 'processing') return { status: 'processing' };
  throw new PaymentFailedError(intent.last_payment_error?.message ?? 'Your card was declined.');
}

async function confirm(p: Payments, intentId: string, input: TestCardInput) {
  const method = await callProvider(() =>
    p.stripe.paymentMethods.create({
      type: 'card',
      card: { number: input.cardNumber, exp_month: input.expMonth, exp_year: input.expYear, cvc: input.cvc },
    }),
  );
  return callProvider(() => p.stripe.paymentIntents.confirm(intentId, { payment_method: method.id }));
}

/**
 * POST /api/payment/test-card: the test-mode card form pays the invoice behind the client secret at the
 * simulator, as Stripe.js would at Stripe. A declined card answers 402 with the provider's message; the
 * plan itself changes when the provider's webhook arrives, exactly as with real payments.
 */
export async function payWithTestCard(
  ctx: BillingContext,
  userId: string,
  input: TestCardInput,
): Promise<TestCardPayResponse> {
  const { p, intent } = await ownIntent(ctx, userId, input.clientSecret);
  return outcomeOf(await confirm(p, intent.id, input));
}
