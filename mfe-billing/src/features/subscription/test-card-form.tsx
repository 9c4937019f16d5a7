import { useState, type FormEvent } from 'react';
import { Dialog } from '@noek/ui';
import { subscriptionApi } from './subscription-api';
import { serverMessage } from './error-message';

export interface CardFormProps {
  clientSecret: string;
  priceLabel: string;
  onPaid: () => void;
  onFailed: (providerMessage: string) => void;
}

const PAYMENT_OFFLINE = 'Unable to connect to payment system. Please try again.';

/** '12/34' → { expMonth: 12, expYear: 2034 }; null when not a month and a two- or four-digit year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { expMonth: month, expYear: year } : null;
}

function CardField(p: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  numeric?: boolean;
}) {
  return (
    <label className="billing-field">
      {p.label}
      <input
        inputMode={p.numeric ? 'numeric' : undefined}
        autoComplete="off"
        placeholder={p.placeholder}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        required
        data-testid={p.testId}
      />
    </label>
  );
}

/**
 * The card form with no payment key configured: the local payment simulator takes Stripe's test cards.
 * Labelled plainly as test mode (decisions.md): nothing here moves money.
 */
export function TestCardForm({ clientSecret, priceLabel, onPaid, onFailed }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (err: unknown) => {
    const message = serverMessage(err, 'Your payment could not be completed.', PAYMENT_OFFLINE);
    setError(message);
    onFailed(message);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const exp = parseExpiry(expiry);
    if (!exp) return setError('Enter the expiry date as MM/YY.');
    setBusy(true);
    setError(null);
    try {
      const result = await subscriptionApi.payTestCard({ clientSecret, cardNumber: number, cvc, ...exp });
      if (result.status === 'requires_action') setChallenge(true);
      else onPaid();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (succeed: boolean) => {
    setBusy(true);
    try {
      await subscriptionApi.authenticateTestCard({ clientSecret, succeed });
      setChallenge(false);
      onPaid();
    } catch (err) {
      setChallenge(false);
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    // The bank's question interrupts the payment: confirming is the expected answer; Escape fails it.
    return (
      <Dialog
        role="alertdialog"
        title="Simulated authentication"
        description="Your bank asks you to confirm this payment (3-D Secure). This step is simulated."
        onSubmit={() => void authenticate(true)}
        submitLabel="Complete authentication"
        submitDisabled={busy}
        onClose={busy ? undefined : () => void authenticate(false)}
        cancelLabel="Fail authentication"
        testId="simulated-authentication"
      >
        <div className="billing-test-banner">Test mode — no real payment</div>
      </Dialog>
    );
  }

  return (
    <form
      className="noek-card noek-stack billing-card-form"
      onSubmit={(e) => void submit(e)}
      data-testid="test-card-form"
      // A toast ('Payment Failed') never covers the card or Pay (@noek/ui's toaster moves off it).
      data-toast-avoid=""
    >
      <div className="billing-test-banner" role="note" data-testid="test-mode-label">
        Test mode — no real payment
      </div>
      <p className="noek-muted billing-hint">
        Test cards: 4242 4242 4242 4242 succeeds · 4000 0000 0000 0002 is declined · 4000 0025 0000 3155 asks
        for authentication. Any future expiry date and any CVC.
      </p>
      <CardField
        label="Card number"
        placeholder="4242 4242 4242 4242"
        value={number}
        onChange={setNumber}
        testId="card-number"
        numeric
      />
      <div className="noek-row">
        <CardField
          label="Expiry (MM/YY)"
          placeholder="12/34"
          value={expiry}
          onChange={setExpiry}
          testId="card-expiry"
        />
        <CardField label="CVC" placeholder="123" value={cvc} onChange={setCvc} testId="card-cvc" numeric />
      </div>
      {error && (
        <p className="billing-error" role="alert" data-testid="payment-error">
          {error}
        </p>
      )}
      <button type="submit" className="noek-btn" disabled={busy} data-testid="pay">
        {busy ? 'Processing…' : `Pay ${priceLabel}`}
      </button>
    </form>
  );
}
