import type Stripe from 'stripe';
import { errorCodes, type SubscribeResponse } from '@noek/contracts';
import { ConflictError } from '@noek/service-kit';
import type { BillingContext } from '../../context';
import { callProvider, paymentIntentIdOf, requirePayments, type Payments } from '../payments/payments';
import { applyProviderSubscription } from './sync-subscription';
import { currentSubscription, PLAN_STATES, stateOf, type SubscriptionRecord } from './subscription-state';

const READY_MESSAGE = 'Payment Form Ready';
const expand = ['latest_invoice.confirmation_secret'];

function alreadySubscribed(): ConflictError {
  return new ConflictError(
    'You already have an active SuperNoek subscription.',
    errorCodes.alreadySubscribed,
  );
}

/** One provider customer per user: the recorded one, or a new one (idempotent across retries and tabs). */
async function ensureCustomer(ctx: BillingContext, p: Payments, userId: string): Promise<string> {
  const known = await ctx.customers.findByUser(userId);
  if (known) return known.stripeCustomerId;
  const created = await callProvider(() =>
    p.stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `noek-customer-${userId}` }),
  );
  return (await ctx.transaction(({ customers }) => customers.add(userId, created.id))).stripeCustomerId;
}

function clientSecretOf(sub: Stripe.Subscription): string | null {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/** An incomplete subscription still waiting for its first payment: its form is offered again. */
async function reuseOpen(ctx: BillingContext, p: Payments, open: SubscriptionRecord): Promise<string | null> {
  const readAt = ctx.now();
  const sub = await callProvider(() => p.stripe.subscriptions.retrieve(open.id, { expand }));
  await applyProviderSubscription(ctx, sub, readAt);
  if (PLAN_STATES.has(stateOf(sub.status))) throw alreadySubscribed();
  const secret = sub.status === 'incomplete' ? clientSecretOf(sub) : null;
  if (!secret) return null;
  const intent = await callProvider(() => p.stripe.paymentIntents.retrieve(paymentIntentIdOf(secret)));
  if (intent.status === 'processing' || intent.status === 'succeeded') {
    throw new ConflictError(
      'Your payment is being processed. Your plan will be active in a moment.',
      errorCodes.paymentPending,
    );
  }
  return secret;
}

/**
 * POST /api/payment/subscribe: an incomplete SuperNoek subscription whose first invoice the browser pays
 * with the answered client secret. Already subscribed: 409. A double click, two tabs or a retry get the
 * same open subscription: one at a time per user here, and idempotency keys at the provider (keyed by how
 * many subscriptions the user had, so a later re-subscription is a new request).
 */
export async function subscribe(ctx: BillingContext, userId: string): Promise<SubscribeResponse> {
  const p = requirePayments(ctx.payments);
  return ctx.userLocks.run(userId, async () => {
    const records = await ctx.subscriptions.listForUser(userId);
    const current = currentSubscription(records);
    if (current && PLAN_STATES.has(stateOf(current.status))) throw alreadySubscribed();
    const customer = await ensureCustomer(ctx, p, userId);
    const open = records.find((r) => r.status === 'incomplete');
    const reused = open ? await reuseOpen(ctx, p, open) : null;
    if (reused) return { clientSecret: reused, message: READY_MESSAGE, testMode: p.mode === 'simulated' };

    const price = await callProvider(() => p.priceId());
    const readAt = ctx.now();
    const sub = await callProvider(() =>
      p.stripe.subscriptions.create(
        {
          customer,
          items: [{ price }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { userId },
          expand,
        },
        { idempotencyKey: `noek-subscribe-${userId}-${records.length}` },
      ),
    );
    await applyProviderSubscription(ctx, sub, readAt);
    if (PLAN_STATES.has(stateOf(sub.status))) throw alreadySubscribed();
    const secret = clientSecretOf(sub);
    if (!secret) throw new Error(`subscription ${sub.id} came back without a client secret`);
    return { clientSecret: secret, message: READY_MESSAGE, testMode: p.mode === 'simulated' };
  });
}
