import type { Payments } from '../payments/payments';
import type { SubscriptionSnapshot } from './subscription-state';

/** What SuperNoek costs (spec §9): the configured amount and currency, once a month. */
export interface SuperNoekPrice {
  amount: number;
  currency: string;
}

export function superNoekPriceOf(p: Pick<Payments, 'priceAmount' | 'currency'>): SuperNoekPrice {
  return { amount: p.priceAmount, currency: p.currency };
}

/**
 * Whether a subscription sells SuperNoek: exactly one item, one unit of a monthly price of the configured
 * amount and currency. Anything else on the account (a 1-cent price, a yearly one, two items) grants
 * nothing, whatever its metadata says.
 */
export function sellsSuperNoek(s: SubscriptionSnapshot, price: SuperNoekPrice): boolean {
  if (s.items.length !== 1) return false;
  const [item] = s.items;
  return (
    item!.quantity === 1 &&
    item!.unitAmount === price.amount &&
    item!.currency.toLowerCase() === price.currency.toLowerCase() &&
    item!.interval === 'month' &&
    item!.intervalCount === 1
  );
}
