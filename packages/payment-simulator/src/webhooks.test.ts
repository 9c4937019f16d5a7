import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader } from './webhooks';

describe('webhook signatures', () => {
  it("verify with stripe-node's constructEvent, and fail with another secret", () => {
    const stripe = new Stripe('sk_test_x');
    const secret = newWebhookSecret();
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const header = signatureHeader(payload, secret, Math.floor(Date.now() / 1000));
    expect(stripe.webhooks.constructEvent(payload, header, secret).id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, newWebhookSecret())).toThrow();
  });
});
