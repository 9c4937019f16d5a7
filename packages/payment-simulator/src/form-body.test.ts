import { describe, expect, it } from 'vitest';
import { parseForm } from './form-body';
import { luhnValid, testCard } from './test-cards';

describe("Stripe's form encoding", () => {
  it('decodes bracket paths into objects and arrays', () => {
    const body = parseForm(
      'customer=cus_1&items[0][price]=price_1&expand[0]=latest_invoice.confirmation_secret&metadata[userId]=u1&expand[]=x',
    );
    expect(body).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_1' }],
      expand: ['latest_invoice.confirmation_secret', 'x'],
      metadata: { userId: 'u1' },
    });
  });
});

describe('test cards', () => {
  it("knows Stripe's documented numbers", () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(testCard('4000000000000002').behaviour).toMatchObject({
      kind: 'declined',
      message: 'Your card was declined.',
    });
    expect(testCard('4000002500003155').behaviour.kind).toBe('requires_authentication');
  });
});
