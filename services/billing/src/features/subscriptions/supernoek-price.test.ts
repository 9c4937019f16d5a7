import { describe, expect, it } from 'vitest';
import { sellsSuperNoek, superNoekPriceOf } from './supernoek-price';
import type { SubscriptionItemPrice, SubscriptionSnapshot } from './subscription-state';

const superNoek = superNoekPriceOf({ priceAmount: 3000, currency: 'usd' });
const item = (over: Partial<SubscriptionItemPrice> = {}): SubscriptionItemPrice => ({
  unitAmount: 3000,
  currency: 'usd',
  interval: 'month',
  intervalCount: 1,
  quantity: 1,
  ...over,
});
const selling = (...items: SubscriptionItemPrice[]): SubscriptionSnapshot => ({
  id: 'sub_1',
  stripeCustomerId: 'cus_1',
  status: 'active',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  items,
  readAt: new Date(),
});

describe('what counts as selling SuperNoek', () => {
  it('one unit of the monthly price at the configured amount and currency (any letter case)', () => {
    expect(sellsSuperNoek(selling(item()), superNoek)).toBe(true);
    expect(sellsSuperNoek(selling(item({ currency: 'USD' })), superNoek)).toBe(true);
  });

  it('nothing else on the account grants it, whatever its metadata says', () => {
    const refused: [string, SubscriptionSnapshot][] = [
      ['a 1-cent price', selling(item({ unitAmount: 1 }))],
      ['a price with no amount (metered)', selling(item({ unitAmount: null }))],
      ['another currency', selling(item({ currency: 'eur' }))],
      ['a yearly price', selling(item({ interval: 'year' }))],
      ['every three months', selling(item({ intervalCount: 3 }))],
      ['two seats', selling(item({ quantity: 2 }))],
      ['two items', selling(item(), item())],
      ['no item', selling()],
    ];
    for (const [what, snapshot] of refused) expect(sellsSuperNoek(snapshot, superNoek), what).toBe(false);
  });

  it('follows the configured price', () => {
    const euros = superNoekPriceOf({ priceAmount: 2500, currency: 'eur' });
    expect(sellsSuperNoek(selling(item({ unitAmount: 2500, currency: 'eur' })), euros)).toBe(true);
    expect(sellsSuperNoek(selling(item()), euros)).toBe(false);
  });
});
