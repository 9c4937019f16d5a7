import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RemoteProps } from '@noek/contracts';
import { AccountPlan } from './features/account/account-plan';
import { SubscriptionScreen } from './features/subscription/subscription-screen';
import { SuccessScreen } from './features/success/success-screen';
import './features/billing.css';

/** Spec §7 defaults: never stale, no refetch on window focus, no retries. */
function createBillingQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false } },
  });
}

/** Exposed as ./App: the subscription screen, /success and the account screen's plan section, by `screen`. */
export default function BillingApp({ screen = 'subscribe', user, host }: RemoteProps) {
  const [queryClient] = useState(createBillingQueryClient);
  if (!user) return null;
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
