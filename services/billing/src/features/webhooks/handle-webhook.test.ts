import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscriptionIdOf } from './handle-webhook';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', type, data: { object } }) as unknown as Stripe.Event;

describe('the subscription a webhook event is about', () => {
  it('a subscription event names itself', () => {
    for (const type of ['created', 'updated', 'deleted', 'paused', 'trial_will_end'])
      expect(subscriptionIdOf(event(`customer.subscription.${type}`, { id: 'sub_A' }))).toBe('sub_A');
  });

  it('an invoice names it under parent (API 2025-03-31+) or on itself (older APIs), as an id or object', () => {
    const parent = (subscription: unknown) => ({
      id: 'in_1',
      parent: { subscription_details: { subscription } },
    });
    expect(subscriptionIdOf(event('invoice.paid', parent('sub_B')))).toBe('sub_B');
    expect(subscriptionIdOf(event('invoice.payment_failed', parent({ id: 'sub_C' })))).toBe('sub_C');
    expect(subscriptionIdOf(event('invoice.paid', { id: 'in_2', subscription: 'sub_D' }))).toBe('sub_D');
    expect(subscriptionIdOf(event('invoice.paid', { id: 'in_3', parent: null, subscription: null }))).toBe(
      null,
    );
  });

  it('a completed checkout names its subscription; a one-off checkout names none', () => {
    expect(subscriptionIdOf(event('checkout.session.completed', { subscription: 'sub_E' }))).toBe('sub_E');
    expect(subscriptionIdOf(event('checkout.session.completed', { subscription: null }))).toBe(null);
  });

  it('events that cannot change a subscription name none (acknowledged, nothing read)', () => {
    for (const type of ['customer.created', 'payment_intent.succeeded', 'charge.refunded', 'price.created'])
      expect(subscriptionIdOf(event(type, { id: 'x_1', subscription: 'sub_F' }))).toBe(null);
  });
});
