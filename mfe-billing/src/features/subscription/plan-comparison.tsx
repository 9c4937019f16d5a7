import { BASIC_PLAN_DISPLAY_LIMIT, SUPERNOEK_PLAN_DISPLAY_LIMIT } from '@noek/contracts';
import { formatPrice } from './format';

export interface PlanComparisonProps {
  /** The user is on Basic (premium and admin levels are set by an admin, not a plan: no 'current' label). */
  onBasic: boolean;
  priceAmount: number;
  currency: string;
  pending: boolean;
  onUpgrade: () => void;
}

/** Spec §2 subscription screen, default state: Basic (free) beside SuperNoek (30 dollars per month). */
export function PlanComparison({ onBasic, priceAmount, currency, pending, onUpgrade }: PlanComparisonProps) {
  return (
    <div className="billing-plans" data-testid="plan-comparison">
      <section className="noek-card billing-plan">
        <h2>Basic</h2>
        <p className="billing-price">
          {formatPrice(0, currency)}
          <span className="noek-muted"> / month</span>
        </p>
        <ul>
          <li>{BASIC_PLAN_DISPLAY_LIMIT}</li>
          <li>Conversations, archive and fun mode</li>
        </ul>
        {onBasic && <p className="noek-muted">Your current plan</p>}
      </section>
      <section className="noek-card billing-plan billing-plan--featured">
        <h2>SuperNoek</h2>
        <p className="billing-price">
          {formatPrice(priceAmount, currency)}
          <span className="noek-muted"> / month</span>
        </p>
        <ul>
          <li>{SUPERNOEK_PLAN_DISPLAY_LIMIT}</li>
          <li>Everything in Basic</li>
          <li>Cancel anytime; it stays until the end of the paid month</li>
        </ul>
        <button
          type="button"
          className="noek-btn"
          onClick={onUpgrade}
          disabled={pending}
          data-testid="upgrade"
        >
          {pending ? 'Preparing payment…' : 'Upgrade to SuperNoek'}
        </button>
      </section>
    </div>
  );
}
