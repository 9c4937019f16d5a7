import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import type { CardFormProps } from './test-card-form';

function PayButton({ priceLabel, onFailed }: Pick<CardFormProps, 'priceLabel' | 'onFailed'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    // Success leaves the page for /success on our own origin (spec §7); only a failure comes back here.
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/success` },
    });
    setBusy(false);
    if (error) onFailed(error.message ?? 'Your payment could not be completed.');
  };
  return (
    // data-toast-avoid: a toast ('Payment Failed') never covers the card or Pay.
    <form className="noek-stack" onSubmit={(e) => void submit(e)} data-toast-avoid="">
      <PaymentElement />
      <button type="submit" className="noek-btn" disabled={!stripe || busy}>
        {busy ? 'Processing…' : `Pay ${priceLabel}`}
      </button>
    </form>
  );
}

/**
 * Stripe's Payment Element (real keys). This module, and Stripe.js with it, loads only when the payment
 * form opens (React.lazy in payment-form.tsx).
 */
export default function StripePaymentForm(props: CardFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => loadStripe(props.publishableKey), [props.publishableKey]);
  return (
    <div className="noek-card" data-testid="stripe-payment-form">
      <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
        <PayButton priceLabel={props.priceLabel} onFailed={props.onFailed} />
      </Elements>
    </div>
  );
}
