import type { PaymentConfig } from '@noek/contracts';
import type { BillingContext } from '../../context';
import { requirePayments } from '../payments/payments';

/** GET /api/payment/config: which payment form to show, and the price to print on it. */
export function paymentConfig(ctx: BillingContext): PaymentConfig {
  const p = requirePayments(ctx.payments);
  return {
    mode: p.mode,
    publishableKey: p.publishableKey,
    priceAmount: p.priceAmount,
    currency: p.currency,
    interval: 'month',
  };
}
