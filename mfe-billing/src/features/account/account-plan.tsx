import { useState } from 'react';
import type { HostApi, User } from '@noek/contracts';
import { formatDate, formatPrice, statusLabel } from '../subscription/format';
import { useLastDecline, usePaymentConfig, useSubscriptionStatus } from '../subscription/use-subscription';
import { ConfirmCancel } from './confirm-cancel';
import { usePlanActions } from './use-plan-actions';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <div className="auth-hint">{label}</div>
      <div data-testid={testId}>{value}</div>
    </div>
  );
}

/**
 * A first payment that did not go through: what happened, what it means and what to do. The status
 * alone cannot tell a declined card from a payment form left before paying; a decline seen in this page
 * is named with the provider's message.
 */
function PaymentNotCompleted({ declined }: { declined: string | undefined }) {
  return (
    <p className="billing-payment-problem" role="status" data-testid="plan-payment-problem">
      {declined
        ? `Your payment was declined: ${declined} `
        : 'Your SuperNoek payment was not completed: the card was declined, or the payment was not finished. '}
      You are still on Basic and nothing was charged. To upgrade, choose &lsquo;Upgrade to SuperNoek&rsquo;
      and pay with another card.
    </p>
  );
}

/** Spec §2 account screen: current plan with billing (price, next billing date, status); cancel, reactivate. */
export function AccountPlan({ user, host }: { user: User; host: HostApi }) {
  const status = useSubscriptionStatus();
  const config = usePaymentConfig();
  const [confirming, setConfirming] = useState(false);
  const { cancel, reactivate } = usePlanActions(host, () => setConfirming(false));
  const declined = useLastDecline();

  if (status.isPending) return <div className="noek-spinner" aria-label="Loading your plan" />;
  const s = status.data;
  const paid = s?.isActive === true;
  const granted = !paid && user.accessLevel === 'supernoek';
  const price = config.data ? formatPrice(config.data.priceAmount, config.data.currency) : '$30.00';
  return (
    <section className="noek-card noek-stack" data-testid="account-plan">
      <h2 style={{ margin: 0 }}>Plan and billing</h2>
      {status.isError && <p role="alert">Unable to connect to payment system. Please try again.</p>}
      <Row label="Current plan" value={paid || granted ? 'SuperNoek' : 'Basic'} testId="plan-name" />
      <Row
        label="Price"
        value={paid ? `${price} / month` : granted ? 'Granted by an administrator' : 'Free'}
        testId="plan-price"
      />
      {paid && (
        <Row
          label={s.cancelAtPeriodEnd ? 'Access until' : 'Next billing date'}
          value={formatDate(s.currentPeriodEnd)}
          testId="plan-next-billing"
        />
      )}
      <Row
        label="Status"
        value={s?.status === 'incomplete' && declined ? 'Payment declined' : s ? statusLabel(s) : 'Free'}
        testId="plan-status"
      />
      {s?.status === 'incomplete' && !granted && <PaymentNotCompleted declined={declined} />}
      <div className="noek-row">
        {paid && !s.cancelAtPeriodEnd && !confirming && (
          <button
            type="button"
            className="noek-btn noek-btn-outline"
            onClick={() => setConfirming(true)}
            data-testid="cancel-subscription"
          >
            Cancel Subscription
          </button>
        )}
        {paid && s.cancelAtPeriodEnd && (
          <button
            type="button"
            className="noek-btn"
            disabled={reactivate.isPending}
            onClick={() => reactivate.mutate()}
            data-testid="reactivate-subscription"
          >
            Reactivate Subscription
          </button>
        )}
        {!paid && !granted && (
          <button type="button" className="noek-btn" onClick={() => host.setView('subscription')}>
            Upgrade to SuperNoek
          </button>
        )}
      </div>
      {confirming && paid && (
        <ConfirmCancel
          until={formatDate(s.currentPeriodEnd)}
          pending={cancel.isPending}
          onYes={() => cancel.mutate()}
          onNo={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
