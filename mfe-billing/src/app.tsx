import type { RemoteProps } from '@noek/contracts';
import { AccountPlan } from './features/account/account-plan';
import { SubscriptionScreen } from './features/subscription/subscription-screen';
import { SuccessScreen } from './features/success/success-screen';
import './features/billing.css';

/**
 * Exposed as ./App: the subscription screen, /success and the account screen's plan section, by `screen`.
 * Its queries use the shell's QueryClient (react-query is a shared singleton; @noek/ui/query holds the
 * spec §7 policy): one cache for the three screens (a decline seen on the payment form is named on the
 * account screen), cleared at sign-out with the rest.
 */
export default function BillingApp({ screen = 'subscribe', user, host }: RemoteProps) {
  if (!user) return null;
  return (
    <div
      data-testid="mfe-billing"
      data-screen={screen}
      className={screen === 'account' ? undefined : 'billing-screen'}
    >
      {screen === 'success' ? (
        <SuccessScreen host={host} />
      ) : screen === 'account' ? (
        <AccountPlan user={user} host={host} />
      ) : (
        <SubscriptionScreen user={user} host={host} />
      )}
    </div>
  );
}
