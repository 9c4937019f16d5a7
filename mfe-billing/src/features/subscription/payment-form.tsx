import { lazy, Suspense } from 'react';
import type { PaymentConfig } from '@noek/contracts';
import { formatPrice } from './format';
import { TestCardForm, type CardFormProps } from './test-card-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** Spec §2: after choosing upgrade, the payment form: Stripe's elements, or the labelled test-mode form. */
export function PaymentForm({
  config,
  ...props
}: Omit<CardFormProps, 'priceLabel'> & { config: PaymentConfig }) {
  const priceLabel = `${formatPrice(config.priceAmount, config.currency)} / month`;
  return (
    <div className="noek-stack billing-payment" data-testid="payment-form">
      <h2>Upgrade to SuperNoek</h2>
      <p className="noek-muted">SuperNoek, {priceLabel}. Cancel anytime.</p>
      {config.mode === 'stripe' && !config.publishableKey ? (
        <p role="alert">Card payments are not set up on this server yet. Please contact support.</p>
      ) : config.mode === 'stripe' && config.publishableKey ? (
        <Suspense fallback={<div className="noek-spinner" aria-label="Loading the payment form" />}>
          <StripePaymentForm {...props} priceLabel={priceLabel} publishableKey={config.publishableKey} />
        </Suspense>
      ) : (
        <TestCardForm {...props} priceLabel={priceLabel} />
      )}
    </div>
  );
}
