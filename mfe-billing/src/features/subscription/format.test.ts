import { describe, expect, it } from 'vitest';
import { serverMessage, statusOf } from './error-message';
import { formatPrice, statusLabel } from './format';
import { parseExpiry } from './test-card-form';

describe('billing formatting', () => {
  it('prints the price and the status words of spec §4', () => {
    expect(formatPrice(3000, 'usd')).toBe('$30.00');
    expect(statusLabel({ status: 'active', cancelAtPeriodEnd: true, isActive: true })).toBe('Cancelling');
    expect(statusLabel({ status: 'active', cancelAtPeriodEnd: false, isActive: true })).toBe('Active');
    expect(statusLabel({ status: 'past_due', cancelAtPeriodEnd: false, isActive: true })).toBe('Past due');
  });
  it("reads the server's message from the shared client's error", () => {
    const declined = new Error('402: {"code":"PAYMENT_FAILED","message":"Your card was declined."}');
    expect(serverMessage(declined, 'x')).toBe('Your card was declined.');
    expect(statusOf(declined)).toBe(402);
    expect(serverMessage(new Error('500: Internal Server Error'), 'fallback')).toBe('fallback');
    expect(serverMessage(new TypeError('Failed to fetch'), 'fallback', 'offline')).toBe('offline');
  });
  it('reads the expiry as MM/YY or MM/YYYY', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry('13/34')).toBeNull();
    expect(parseExpiry('1234')).toBeNull();
  });
});
