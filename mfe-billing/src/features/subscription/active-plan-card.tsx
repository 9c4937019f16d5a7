import { SUPERNOEK_PLAN_DISPLAY_LIMIT, type SubscriptionStatus } from '@noek/contracts';
import { formatDate, statusLabel } from './format';

/** Spec §2 subscription screen when the plan is active: an active card with the benefits. */
export function ActivePlanCard({ status }: { status: SubscriptionStatus | null }) {
  return (
    <section className="noek-card noek-stack billing-active" data-testid="active-plan">
      <h2>SuperNoek is active</h2>
      <ul>
        <li>{SUPERNOEK_PLAN_DISPLAY_LIMIT}</li>
        <li>Everything in Basic</li>
      </ul>
      {status?.isActive ? (
        <p className="noek-muted">
          {statusLabel(status)} · {status.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}{' '}
          {formatDate(status.currentPeriodEnd)}
        </p>
      ) : (
        <p className="noek-muted">Granted by an administrator.</p>
      )}
    </section>
  );
}
